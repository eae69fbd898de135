/**
 * Fulfilment in the admin portal against the real server: shipping a printed book with its
 * tracking link, refunding a paid order after a confirmation, cancelling an unpaid one; and the
 * panel and list, with the new statuses, checked with axe and for sideways scrolling at phone
 * and desktop widths.
 */
import { expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { atBothWidths } from './support/widths';
import {
  adminOrder,
  approveProofByApi,
  completeOrderByApi,
  createOrderByApi,
  createPaidOrderByApi,
  loginAsAdmin,
  openOrderPanel,
  payOrderByApi,
  searchOrders,
  uniqueName,
} from './support/shop';

const printed = (childName: string) => ({
  childName,
  email: `${childName.toLowerCase()}@example.com`,
  bookFormat: 'printed',
  bookStyle: 'classic',
  shippingAddress: {
    fullName: 'Alexandrina Montgomery-Fitzwilliam',
    streetAddress: '1234 Extraordinarilylongstreetname Boulevard Apartment 56',
    city: 'Saint-Jean-sur-Richelieu',
    state: 'QC',
    zipCode: 'J3B 1A1',
    country: 'Canada',
  },
});

// Each journey runs at the studio's desk (1280 px), and each screen on the way is checked at 390 px too.
test.describe('fulfilment in the admin portal', () => {
  const width = 1280;

  test('ships a printed book with its tracking link, and the list follows, checked at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    const childName = uniqueName('Ship');
    const order = await createOrderByApi(request, printed(childName));
    await payOrderByApi(request, order);
    // A printed book goes to print only once the parent has approved its proof.
    await approveProofByApi(request, order);
    const { orderId } = order;
    await completeOrderByApi(request, orderId);
    await page.setViewportSize({ width, height: 900 });

    await loginAsAdmin(page);
    await searchOrders(page, childName);
    const dialog = await openOrderPanel(page, childName);
    const form = dialog.getByRole('form', { name: 'Mark as shipped' });

    // A bad number is refused with the server's words and nothing changes.
    await form.getByLabel('Carrier').selectOption('Canada Post');
    await form.getByLabel('Tracking number').fill('1234 5678<>');
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    await form.getByRole('button', { name: 'Yes, mark as shipped' }).click();
    await expect(form.getByRole('alert')).toHaveText('A tracking number has only letters, digits, spaces and dashes.');
    await expect(form.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    await atBothWidths(page, async (at) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, at);
      await page.screenshot({ path: test.info().outputPath(`ship-form-${at}.png`), fullPage: false });
    });

    await form.getByLabel('Tracking number').fill('1234 5678 9012 3456');
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(form.getByRole('group', { name: 'Confirm' })).toContainText('Ship with Canada Post');
    await form.getByRole('button', { name: 'Yes, mark as shipped' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Marked as shipped with Canada Post. The parent has been e-mailed the tracking details.',
    );
    const trackingUrl = 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456';
    await expect(dialog.getByRole('link', { name: /1234 5678 9012 3456/ })).toHaveAttribute('href', trackingUrl);
    await expect(dialog.locator('.order-panel__subtitle')).toContainText('Shipped');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'shipping-confirmation' })).toBeVisible();

    // The address wraps between words: no line of it ends inside a word.
    const address = dialog.locator('address');
    await expect(address).toContainText('Extraordinarilylongstreetname');
    const brokenMidWord = await address.evaluate((element) => {
      const range = document.createRange();
      for (const node of Array.from(element.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const content = node.textContent ?? '';
        let lastTop: number | null = null;
        for (let i = 0; i < content.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2 && content[i - 1] !== ' ' && content[i] !== ' ')
            return content.slice(0, i + 1);
          lastTop = top;
        }
      }
      return null;
    });
    expect(brokenMidWord).toBeNull();
    await atBothWidths(page, async (at) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, at);
      await page.screenshot({ path: test.info().outputPath(`shipped-panel-${at}.png`), fullPage: false });
    });

    await dialog.getByRole('button', { name: 'Close order details' }).click();
    const row = page.getByRole('row', { name: new RegExp(childName) });
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /1234 5678 9012 3456/ })).toHaveAttribute('href', trackingUrl);
    await atBothWidths(page, async (at) => {
      await fitsWidth(page, at);
      await page.screenshot({ path: test.info().outputPath(`shipped-row-${at}.png`), fullPage: false });
    });

    expect(await adminOrder(request, orderId, 'status shippingCarrier trackingNumber')).toEqual({
      status: 'Shipped',
      shippingCarrier: 'Canada Post',
      trackingNumber: '1234 5678 9012 3456',
    });
  });

  test('refunds a paid order after a confirmation naming the amount and the parent, checked at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    const childName = uniqueName('Refund');
    const email = `${childName.toLowerCase()}@example.com`;
    const orderId = await createPaidOrderByApi(request, { childName, email });
    await page.setViewportSize({ width, height: 900 });

    await loginAsAdmin(page);
    await searchOrders(page, childName);
    const dialog = await openOrderPanel(page, childName);
    await dialog.getByRole('button', { name: 'Refund order' }).click();
    const confirm = dialog.getByRole('form', { name: `Refund $25.00 to ${email}?` });
    await expect(confirm.getByLabel(/^Reason/)).toBeFocused();
    await confirm.getByRole('button', { name: 'Refund $25.00' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Please enter the reason for the refund.');
    await atBothWidths(page, async (at) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, at);
      await page.screenshot({ path: test.info().outputPath(`refund-confirm-${at}.png`), fullPage: false });
    });

    await confirm.getByLabel(/^Reason/).fill('We could not make a book from the photo you sent.');
    await confirm.getByRole('button', { name: 'Refund $25.00' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The order has been refunded and the parent e-mailed.');
    await expect(dialog.locator('.order-panel__subtitle')).toContainText('Refunded');
    await expect(dialog.getByRole('button', { name: 'Refund order' })).toHaveCount(0);
    await expect(dialog.getByRole('listitem').filter({ hasText: 'refund-confirmation' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close order details' }).click();
    await expect(page.getByRole('row', { name: new RegExp(childName) }).getByText('Refunded', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption('Refunded');
    // The rows shown before stay, dimmed, until the filter's answer comes: the checks wait for it.
    await expect(page.getByRole('row', { name: new RegExp(childName) })).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasNotText: 'Refunded' })).toHaveCount(0);
    await expect(page.locator('.admin-dashboard__list')).toHaveAttribute('aria-busy', 'false');
    await atBothWidths(page, async (at) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, at);
    });
    expect((await adminOrder(request, orderId, 'status'))!.status).toBe('Refunded');
  });

  test('cancels an unpaid order after a confirmation, checked at 390 and 1280 px', async ({ page, request }) => {
    const childName = uniqueName('Cancel');
    const { orderId } = await createOrderByApi(request, { childName, email: `${childName.toLowerCase()}@example.com` });
    await page.setViewportSize({ width, height: 900 });

    await loginAsAdmin(page);
    await searchOrders(page, childName);
    const dialog = await openOrderPanel(page, childName);
    await expect(dialog.getByRole('button', { name: 'Refund order' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = dialog.getByRole('group', { name: 'Cancel this unpaid order?' });
    await expect(confirm.getByRole('button', { name: 'Yes, cancel the order' })).toBeFocused();
    await atBothWidths(page, async (at) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, at);
    });
    await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The order has been cancelled.');
    await expect(dialog.locator('.order-panel__subtitle')).toContainText('Cancelled');

    await dialog.getByRole('button', { name: 'Close order details' }).click();
    await expect(page.getByRole('row', { name: new RegExp(childName) }).getByText('Cancelled', { exact: true })).toBeVisible();
    await atBothWidths(page, async (at) => {
      await page.screenshot({ path: test.info().outputPath(`cancelled-row-${at}.png`), fullPage: false });
    });
    expect((await adminOrder(request, orderId, 'status'))!.status).toBe('Cancelled');
  });
});
