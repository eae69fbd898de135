/**
 * Contact Us, in the browser: every "Contact Us" lands on the home page's contact section; a
 * parent's message is refused with the first problem (the field marked and focused), then sent and
 * acknowledged; the staff read it under Messages and mark it answered.
 */
import { expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { gotoHydrated, loginAsAdmin, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

// The parent writes from a phone (390 px; routes.spec.ts lands on the section at a desktop's width),
// the staff answer at a desk (1280 px); each screen is checked at both widths.
test.describe('contact us', () => {
  test("a parent's message is checked, sent and acknowledged, and the staff mark it answered, checked at 390 and 1280 px", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoHydrated(page, '/faq');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact');
    const section = page.getByRole('region', { name: 'Contact Us' });
    await expect(section).toBeInViewport();

    await section.getByRole('button', { name: 'Send message' }).click();
    await expect(section.getByRole('alert')).toHaveText('Please enter your name.');
    await expect(section.getByLabel('Your name')).toBeFocused();
    await expect(section.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

    const name = uniqueName('Ana');
    await section.getByLabel('Your name').fill(name);
    await section.getByLabel('Your e-mail').fill('ana@example');
    await section.getByRole('button', { name: 'Send message' }).click();
    await expect(section.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await expect(section.getByLabel('Your e-mail')).toBeFocused();

    await section.getByLabel('Your e-mail').fill('ana@example.com');
    await section.getByLabel('Order reference (optional)').fill('8dbd1044');
    await section.getByLabel('Your message').fill('Can the printed book arrive before the 12th?');
    await section.getByRole('button', { name: 'Send message' }).click();
    await expect(section.getByRole('status')).toHaveText(
      `Thank you, ${name}. Your message is on its way: we answer within one business day, and we have e-mailed you a copy.`,
    );
    await expect(section.getByLabel('Your message')).toHaveValue('');
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });

    const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await loginAsAdmin(staff);
    await staff.getByRole('banner').getByRole('link', { name: 'Messages' }).click();
    await staff.waitForURL('**/admin/messages');
    const message = staff.getByRole('listitem', { name: `Message from ${name}` });
    await expect(message).toContainText('Can the printed book arrive before the 12th?');
    await expect(message).toContainText('order 8dbd1044');
    await message.getByRole('button', { name: 'Mark answered' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'marked answered' })).toHaveText(
      `The message from ${name} is marked answered.`,
    );
    await expect(message).toContainText('Answered');
    await atBothWidths(staff, async (width) => {
      expect(await graveAxeViolations(staff)).toEqual([]);
      await fitsWidth(staff, width);
    });
  });
});
