/**
 * Paying with PayPal's buttons, in the browser, against a shop that runs PayPal beside its card
 * form (a fake of PayPal's REST API and JS SDK in this process, test/support/fake-paypal.ts): the
 * parent cancels PayPal's window (nothing happens), pays with a card PayPal declines, and the
 * buttons restart for another way to pay; a parent who closes the tab after approving is paid by
 * PayPal's webhook; a script that cannot load, and a restricted account, say what the spec says.
 */
import { expect, type APIRequestContext, type Page, request as playwrightRequest, test } from '@playwright/test';
import { type FakePayPal, paypalEnv, startFakePayPal } from '../support/fake-paypal';
import { type ProductionShop, startShop } from './support/production-shop';
import { type ApiOrder, createOrderByApi, graphqlCall, openPaymentPage } from './support/shop';
import { fitsWidth } from './support/page-checks';
import { atBothWidths } from './support/widths';

const MESSAGES = {
  paymentFailed: 'There was an error processing your payment. Please try again.',
  loadFailed: 'There was an error loading the payment system. Please try refreshing the page or contact support.',
  accountRestricted:
    'PayPal account issue: Your PayPal business account has restrictions. Please check your PayPal account settings and verify your account.',
};

let paypal: FakePayPal;
let shop: ProductionShop;
let baseURL: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  paypal = await startFakePayPal();
  shop = await startShop({ NODE_ENV: 'development', RATE_LIMITS: 'off', ...paypalEnv(paypal) });
  baseURL = `http://127.0.0.1:${shop.port}`;
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
  await paypal?.close();
});

const statusOf = async ({ orderId, checkoutToken }: ApiOrder) =>
  (
    await graphqlCall(
      api,
      'query($orderId: ID!, $checkoutToken: String!) { checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { status } }',
      { orderId, checkoutToken },
    )
  ).checkoutOrder.status as string;

const paypalOrderOf = (order: ApiOrder) =>
  paypal.orders.filter((candidate) => candidate.purchase_units[0].custom_id === order.orderId).at(-1);

/** Pays the order with the test card in the sandbox's card form, beside PayPal's buttons, and checks it was paid. */
async function payByCard(page: Page, order: ApiOrder) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await page.waitForURL('**/payment-success**');
  expect(await statusOf(order)).toBe('Paid');
}

test.describe("paying with PayPal's buttons", () => {
  // On a phone (390 px), the buttons above the card form checked at both widths.
  test("cancelling does nothing; a declined card restarts the buttons, and PayPal's balance pays, checked at 390 and 1280 px", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const order = await createOrderByApi(api);
    await openPaymentPage(page, order, { baseURL });

    const button = page.getByRole('button', { name: 'PayPal', exact: true });
    await expect(button).toBeVisible();
    // PayPal's buttons first, the card form below them.
    await expect(page.getByText('or pay by card')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    await atBothWidths(page, (width) => fitsWidth(page, width));

    const window = page.getByRole('dialog', { name: 'PayPal' });
    await button.click();
    await expect(window).toBeVisible();
    await window.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(window).toBeHidden();
    await expect(page.getByText(MESSAGES.paymentFailed)).toHaveCount(0);
    expect(await statusOf(order)).toBe('Pending');

    await button.click();
    await window.getByRole('button', { name: 'Pay with Visa ending 0002' }).click();
    await expect(page.getByText(MESSAGES.paymentFailed)).toBeVisible();
    // PayPal's window opens again for the same order: the parent chooses another way to pay.
    await expect(window).toBeVisible();
    expect(await statusOf(order)).toBe('Pending');
    await window.getByRole('button', { name: 'Pay with PayPal balance' }).click();

    await page.waitForURL('**/payment-success**');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await statusOf(order)).toBe('Paid');
    const paid = paypalOrderOf(order)!;
    expect(paid.status).toBe('COMPLETED');
    expect(paid.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '25.00' });
    expect(paypal.orders.filter((candidate) => candidate.purchase_units[0].custom_id === order.orderId)).toHaveLength(1);
    await context.close();
  });

  test("a book added in another tab before PayPal's button is pressed: PayPal asks for the new total, shown first", async ({
    page,
  }) => {
    const order = await createOrderByApi(api);
    await openPaymentPage(page, order, { baseURL });
    const button = page.getByRole('button', { name: 'PayPal', exact: true });
    await expect(button).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    // Two books together, 10% off each: $45.
    await createOrderByApi(api, { childName: 'Leo' }, order);

    // The first press finds the checkout changed: no PayPal window for $45 under a $25 page.
    await button.click();
    await expect(page.getByRole('button', { name: 'Pay $45' })).toBeVisible();
    await expect(page.getByText('Your order changed since this page opened: the total is now $45.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Leo');
    const window = page.getByRole('dialog', { name: 'PayPal' });
    await expect(window).toHaveCount(0);

    await button.click();
    await window.getByRole('button', { name: 'Pay with PayPal balance' }).click();
    await page.waitForURL('**/payment-success**');
    expect(await statusOf(order)).toBe('Paid');
    expect(paypalOrderOf(order)!.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '45.00' });
  });

  test("a parent who closes the tab after approving is paid by PayPal's webhook", async ({ page }) => {
    const order = await createOrderByApi(api);
    await openPaymentPage(page, order, { baseURL });
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'PayPal' })).toBeVisible();
    const created = paypalOrderOf(order)!;
    // PayPal's window approves the payment; the shop's page is gone before it hears of it.
    await page.close();
    paypal.approve(created.id);
    expect(await statusOf(order)).toBe('Pending');

    const webhook = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: created.id, status: 'APPROVED' });
    const delivered = await fetch(`${baseURL}/webhooks/paypal`, { method: 'POST', headers: webhook.headers, body: webhook.body });
    expect(delivered.status).toBe(200);
    expect(await statusOf(order)).toBe('Paid');
    expect(created.status).toBe('COMPLETED');
  });

  test('when PayPal cannot be loaded: the yellow notice with Refresh Page, and the card form still pays', async ({ page }) => {
    const order = await createOrderByApi(api);
    await page.route(`${paypal.url}/sdk/js**`, (route) => route.abort('connectionfailed'));
    await openPaymentPage(page, order, { baseURL });
    await expect(page.getByText(MESSAGES.loadFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await payByCard(page, order);
  });

  test("when PayPal's buttons fail to draw once its script is in: the yellow notice, and the card form still pays", async ({
    page,
  }) => {
    const sdk = await (await fetch(`${paypal.url}/sdk/js`)).text();
    // The buttons' window could not be drawn (PayPal's render() rejects) while their container stays on the page.
    const failing = sdk.replace(
      'return Promise.resolve();\n      },\n      close:',
      "return Promise.reject(new Error('the buttons could not be drawn'));\n      },\n      close:",
    );
    expect(failing).not.toBe(sdk);
    await page.route(`${paypal.url}/sdk/js**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: failing }),
    );
    const order = await createOrderByApi(api);
    await openPaymentPage(page, order, { baseURL });
    await expect(page.getByText(MESSAGES.loadFailed)).toBeVisible();
    await payByCard(page, order);
  });

  test("a restricted PayPal account shows the spec's PayPal message", async ({ page }) => {
    const order = await createOrderByApi(api);
    await openPaymentPage(page, order, { baseURL });
    paypal.restrictPayee = true;
    try {
      await page.getByRole('button', { name: 'PayPal', exact: true }).click();
      await expect(page.getByText(MESSAGES.accountRestricted)).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'PayPal' })).toHaveCount(0);
    } finally {
      paypal.restrictPayee = false;
    }
    expect(await statusOf(order)).toBe('Pending');
  });
});
