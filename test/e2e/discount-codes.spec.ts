/**
 * Discount codes in the browser: an owner creates a one-use code in the portal; a parent applies
 * it on the payment page (typed in lower case), sees the discount in the summary and pays the
 * lower total; the next parent is told the code is used up and pays the full price.
 */
import { atBothWidths } from './support/widths';
import { expect, type Page, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { createOrderByApi, loginAsAdmin, openPaymentPage, uniqueName } from './support/shop';

async function applyCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Have a discount code?' }).click();
  await expect(page.getByLabel('Discount code', { exact: true })).toBeFocused();
  await page.getByLabel('Discount code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

// The owner works at a desk (1280 px), the parents on phones (390 px); each screen is checked at both widths.
test.describe('discount codes', () => {
  test("an owner's one-use code takes $5 off one parent's book, and the next parent is told it is used up, checked at 390 and 1280 px", async ({
    page,
    browser,
    request,
  }) => {
    const code = uniqueName('FAMILY').toUpperCase();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page);
    await page.getByRole('banner').getByRole('link', { name: 'Discount codes' }).click();
    await page.waitForURL('**/admin/discounts');
    await page.getByLabel('Code (3 to 32 letters, digits, dashes or underscores)').fill(code);
    await page.getByRole('radio', { name: 'An amount off' }).check();
    await page.getByLabel('Amount off, in dollars').fill('5');
    await page.getByLabel('Maximum uses (optional)').fill('1');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByRole('status')).toHaveText(`Code ${code} created. Parents can apply it on the payment page.`);
    const listed = page.getByRole('listitem', { name: `Code ${code}` });
    await expect(listed).toContainText('$5.00 off');
    await expect(listed).toContainText('Active');
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });

    const first = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    await openPaymentPage(first, await createOrderByApi(request));
    await expect(first.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    await applyCode(first, code.toLowerCase());
    await expect(first.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`Code ${code} applied: $5 off.`);
    const summary = first.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText(`Discount code ${code}`);
    await expect(summary.getByRole('definition').filter({ hasText: '$20' })).toBeVisible();
    await atBothWidths(first, async (width) => {
      expect(await graveAxeViolations(first)).toEqual([]);
      await fitsWidth(first, width);
    });
    await first.getByLabel('Card number').fill('4242 4242 4242 4242');
    await first.getByLabel('Expiry (MM/YY)').fill('12/34');
    await first.getByLabel('CVC').fill('123');
    await first.getByRole('button', { name: 'Pay $20' }).click();
    await first.waitForURL('**/payment-success?format=digital');

    const next = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    await openPaymentPage(next, await createOrderByApi(request));
    await applyCode(next, code);
    await expect(next.getByRole('alert')).toHaveText('That discount code has been used up.');
    await expect(next.getByLabel('Discount code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(next.getByRole('button', { name: 'Pay $25' })).toBeVisible();

    await page.reload();
    await expect(listed).toContainText('1 of 1');
    await expect(listed).toContainText('Used up');

    // Disabling asks first, and can be kept.
    await listed.getByRole('button', { name: `Disable ${code}` }).click();
    const confirm = listed.getByRole('group', { name: `Disable ${code} for good?` });
    await expect(confirm.getByRole('button', { name: `Yes, disable ${code}` })).toBeFocused();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(listed.getByRole('button', { name: `Disable ${code}` })).toBeVisible();
    await listed.getByRole('button', { name: `Disable ${code}` }).click();
    await confirm.getByRole('button', { name: `Yes, disable ${code}` }).click();
    await expect(page.getByRole('status')).toHaveText(`Code ${code} is disabled. Orders that already carry it keep it.`);
    await expect(listed).toContainText('Disabled');
    await expect(listed.getByRole('button', { name: `Disable ${code}` })).toHaveCount(0);
  });
});
