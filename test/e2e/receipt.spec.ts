/**
 * The parent's receipt in the browser: from the paid order's page to the receipt's own link (not
 * the order page's token), a page that fits a phone and a desktop, passes axe, and prints without
 * the site's header and footer.
 */
import { expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { createOrderByApi, payOrderByApi, printedOrderInput, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

// The parent is on a phone (390 px); the receipt is checked at both widths, on screen and in print.
test.describe('the receipt', () => {
  test("a paid order's receipt is one tap from its page, and prints on its own, checked at 390 and 1280 px", async ({
    page,
    request,
  }) => {
    const childName = uniqueName('Receipt');
    const order = await createOrderByApi(request, printedOrderInput(childName));
    await payOrderByApi(request, order);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/order/${order.checkoutToken}`);
    await page.getByRole('link', { name: 'Your receipt' }).click();
    // The receipt's own address: the order id and a signature, not the order page's token.
    await page.waitForURL(`**/receipt/${order.orderId}/*`);
    expect(page.url()).not.toContain(order.checkoutToken);
    // Loaded directly (a link from the e-mail), it is as private as the order page.
    const direct = await request.get(new URL(page.url()).pathname);
    expect(direct.status()).toBe(200);
    expect(direct.headers()['referrer-policy']).toBe('no-referrer');
    expect(direct.headers()['x-robots-tag']).toBe('noindex');

    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt).toContainText('Storybook Shop');
    await expect(receipt).toContainText(order.orderId.slice(0, 8));
    await expect(
      receipt.getByRole('row', { name: /Premium Printed Storybook: .*starring .* \(shipping included\)/ }),
    ).toBeVisible();
    await expect(receipt.getByRole('row', { name: 'Total paid $50.00' })).toBeVisible();
    await expect(receipt).toContainText('Test card (the offline sandbox)');
    await atBothWidths(page, async (width) => {
      await fitsWidth(page, width);
      expect(await graveAxeViolations(page)).toEqual([]);
    });

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(receipt.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(receipt).toBeVisible();
    await atBothWidths(page, async (width) => {
      await expect(receipt).toBeVisible();
      await page.screenshot({ path: `test-results/receipt-print-${width}.png`, fullPage: true });
    });
  });
});
