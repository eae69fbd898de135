/**
 * A parent corrects a paid printed book from its order page, then cancels it for a full refund,
 * before the studio starts on it; once a studio member has taken it, the page says why not and
 * points to the contact form. At 390 and 1280 px, with axe on every state.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth } from './support/page-checks';
import { atBothWidths } from './support/widths';
import {
  adminOrder,
  createOrderByApi,
  graphqlCall,
  payOrderByApi,
  printedOrderInput,
  uniqueName,
  type ApiOrder,
} from './support/shop';

async function paidPrinted(request: APIRequestContext, childName: string): Promise<ApiOrder> {
  const order = await createOrderByApi(request, printedOrderInput(childName));
  await payOrderByApi(request, order);
  return order;
}

test.describe('changing a paid book before the studio starts', () => {
  test.beforeEach(() => test.slow());

  // The parent's journey runs on a phone (390 px); each screen on the way is checked at 1280 px too.
  test('the parent corrects the name and ZIP code, then cancels for a full refund, checked at 390 and 1280 px', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const childName = uniqueName('Fix');
    const order = await paidPrinted(request, childName);
    await page.goto(`/order/${order.checkoutToken}`);
    const section = page.getByRole('region', { name: 'Need to fix something?' });
    await expect(section).toContainText('you can correct your child');

    await section.getByRole('button', { name: 'Correct the details' }).click();
    const name = section.getByLabel("Child's name");
    await expect(name).toBeFocused();
    await name.fill(`${childName}a`);
    await section.getByLabel('ZIP code').fill('1');
    await section.getByRole('button', { name: 'Save the changes' }).click();
    await expect(section.getByRole('alert')).toHaveText('Invalid ZIP or postal code for the country');
    await expect(section.getByLabel('ZIP code')).toBeFocused();
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
      await page.screenshot({ path: testInfo.outputPath(`correcting-${width}.png`), fullPage: true });
    });

    await section.getByLabel('ZIP code').fill('97202-1234');
    await section.getByRole('button', { name: 'Save the changes' }).click();
    await expect(section.getByRole('status')).toContainText('Your changes are saved.');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${childName}a`);
    const stored = await adminOrder(request, order.orderId, 'childName shippingAddress { zipCode }');
    expect(stored).toMatchObject({ childName: `${childName}a`, shippingAddress: { zipCode: '97202-1234' } });

    await section.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(section.getByRole('group')).toContainText('We refund $50 the way you paid');
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });
    await section.getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('$50 refunded');
    await expect(section).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your order is cancelled' }).getByRole('status')).toBeFocused();
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });
    expect(await adminOrder(request, order.orderId, 'status')).toMatchObject({ status: 'Refunded' });
  });

  test('once a studio member has taken the book, the page says why not and where to ask, at 390 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const order = await paidPrinted(request, uniqueName('Taken'));
    await adminOrder(request, order.orderId, 'id'); // signs the request context in
    const me = (await graphqlCall(request, '{ me { id } }')).me.id;
    await graphqlCall(request, 'mutation($o: ID!, $a: ID) { assignOrder(orderId: $o, adminId: $a) { orderId } }', {
      o: order.orderId,
      a: me,
    });
    await page.goto(`/order/${order.checkoutToken}`);
    const section = page.getByRole('region', { name: 'Need to fix something?' });
    await expect(section).toContainText('Our studio has started on this book');
    await expect(section.getByRole('button')).toHaveCount(0);
    await section.getByRole('link', { name: 'Open the contact form' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
