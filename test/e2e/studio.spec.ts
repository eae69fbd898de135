/**
 * The studio's queue in the browser against the real server: a paid order waits under "To
 * start"; a member of staff opens it from the queue, takes it ("Assign to me") and leaves a note,
 * and the queue then shows who has it. Checked at phone and desktop widths, without sideways
 * scrolling.
 */
import { expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { E2E_ADMIN } from '../../playwright.config';
import { createPaidOrderByApi, loginAsAdmin, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

// Staff work at a desk (1280 px); the queue and the order's panel are checked at both widths.
test.describe('the studio queue', () => {
  test('a paid order waits to be started; staff take it from the queue and leave a note, checked at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    const childName = uniqueName('Queue');
    await createPaidOrderByApi(request, { childName });
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page);

    const summary = page.getByRole('region', { name: 'Needs action' });
    await expect(summary).toContainText('to start');
    await summary.getByRole('link', { name: 'Open the queue' }).click();
    await page.waitForURL('**/admin/queue');
    await expect(page.getByRole('heading', { level: 1, name: 'Needs action' })).toBeVisible();

    await page.getByRole('button', { name: /^To start \(/ }).click();
    await expect(page).toHaveURL(/reason=TO_START/);
    // Soonest due first: a new order is on the last page when the shop has many waiting.
    const item = page.getByRole('listitem', { name: `${childName}: To start` });
    await expect(page.getByRole('list', { name: 'Work, soonest due first' })).toHaveAttribute('aria-busy', 'false');
    while (!(await item.isVisible())) {
      const next = page.getByRole('navigation', { name: 'Queue pages' }).getByRole('button', { name: 'Next' });
      await expect(next).not.toHaveAttribute('aria-disabled', 'true');
      await next.click();
      await expect(page.getByRole('list', { name: 'Work, soonest due first' })).toHaveAttribute('aria-busy', 'false');
    }
    await expect(item).toContainText('nobody has it yet');
    await expect(item).toContainText(/due in \d+ h/);
    await atBothWidths(page, async (width) => {
      await fitsWidth(page, width);
      expect(await graveAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/studio-queue-${width}.png`, fullPage: true });
    });

    await item.getByRole('button', { name: /^Open/ }).click();
    const dialog = page.getByRole('dialog', { name: `${childName}'s order` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Assign to me' }).click();
    await expect(dialog.getByLabel('Assigned to')).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

    const notes = dialog.getByRole('form', { name: 'Add a note' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('alert')).toHaveText('Please write the note.');
    await notes.getByLabel('Note for the staff').fill('Curly hair, check the cover colours.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText('Curly hair, check the cover colours.');
    await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText(E2E_ADMIN.email);
    await atBothWidths(page, async (width) => {
      await fitsWidth(page, width);
      await page.screenshot({ path: `test-results/studio-panel-${width}.png` });
    });
    await page.keyboard.press('Escape');

    await expect(item).toContainText(`with ${E2E_ADMIN.email}`);
    // Mine: the orders other tests left to nobody drop out, so this one shows on the first page.
    await page.getByRole('checkbox', { name: 'Only orders assigned to me' }).check();
    await expect(page).toHaveURL(/mine=1/);
    await expect(page.getByRole('listitem', { name: `${childName}: To start` })).toBeVisible();
  });
});
