/**
 * Roles in the browser against the real server: an owner invites an illustrator as a studio
 * member, who works orders without the money, team or export controls, and whose refund is
 * refused by the API itself; the owner then changes their role from the Admins page.
 */
import { expect, test } from '@playwright/test';
import { createPaidOrderByApi, loginAsAdmin, openOrderPanel, searchOrders, uniqueName } from './support/shop';
import { fitsWidth } from './support/page-checks';
import { atBothWidths } from './support/widths';

// The owner and the illustrator work at desks (1280 px); each screen is checked at both widths.
test.describe('roles', () => {
  test('a studio member works an order but is offered no refund, export or team controls, checked at 390 and 1280 px', async ({
    page,
    browser,
    request,
  }) => {
    const email = `${uniqueName('studio')}@example.com`;
    const childName = uniqueName('Role');
    const orderId = await createPaidOrderByApi(request, { childName });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The owner invites; Studio is what a new admin is unless the owner says otherwise.
    await loginAsAdmin(page);
    await page.goto('/admin/admins');
    await page.getByLabel('Email of the new admin').fill(email);
    await expect(page.getByRole('radio', { name: /^Studio/ })).toBeChecked();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const link = new URL(await page.getByLabel('Invitation link').inputValue());
    await expect(page.getByRole('listitem', { name: `Invitation for ${email}` })).toContainText('Studio');
    await atBothWidths(page, (width) => fitsWidth(page, width));

    const studio = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studioPage = await studio.newPage();
    await studioPage.goto(link.pathname);
    await studioPage.getByLabel('Password (at least 12 characters)').fill('an illustrator password');
    await studioPage.getByLabel('Password again').fill('an illustrator password');
    await studioPage.getByRole('button', { name: 'Set password and sign in' }).click();
    await studioPage.waitForURL('**/admin/dashboard');
    await expect(studioPage.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(studioPage.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

    await searchOrders(studioPage, childName);
    const dialog = await openOrderPanel(studioPage, childName);
    await atBothWidths(studioPage, async (width) => {
      await expect(dialog.getByRole('button', { name: /refund/i })).toHaveCount(0);
      await fitsWidth(studioPage, width);
    });

    // Whatever the page shows, the server refuses: the same session asks for a refund directly.
    const refused = await studioPage.request.post('/graphql', {
      data: {
        query: 'mutation($id: ID!) { refundOrder(orderId: $id, reason: "test") { order { status } } }',
        variables: { id: orderId },
      },
    });
    const body = await refused.json();
    expect(body.errors[0]).toMatchObject({
      message: 'Only an owner of the shop can do this.',
      extensions: { code: 'FORBIDDEN' },
    });

    // The Admins page shows a studio member the team, not its controls.
    await studioPage.goto('/admin/admins');
    await expect(studioPage.getByRole('listitem', { name: email })).toContainText('Studio');
    await expect(studioPage.getByLabel('Email of the new admin')).toHaveCount(0);
    await expect(studioPage.getByRole('combobox')).toHaveCount(0);

    // The owner makes them an owner; their next page shows the export.
    await page.reload();
    await page.getByRole('combobox', { name: `Role of ${email}` }).selectOption('OWNER');
    await expect(page.getByRole('status').filter({ hasText: `${email} is now Owner.` })).toBeVisible();
    await studioPage.goto('/admin/dashboard');
    await expect(studioPage.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await studio.close();
  });
});
