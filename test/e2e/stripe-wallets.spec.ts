/**
 * Stripe's wallet buttons (its Express Checkout Element) first on the payment page, against a shop
 * that runs Stripe with a local fake of its API (test/support/fake-stripe.ts). Stripe.js itself
 * cannot be reached from here: the page is served the fake's stand-in for it as js.stripe.com's
 * script, and its requests to api.stripe.com go to the fake. A wallet pays through to the success
 * page; a wallet's declined card tells the wallet's sheet and the page, and the card form still
 * pays; the payment form starts above the fold on a phone, and keeps its place while it loads.
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { type ProductionShop, startShop } from './support/production-shop';
import { type ApiOrder, createOrderByApi, graphqlCall, openPaymentPage } from './support/shop';
import { fitsWidth, layoutShifts, recordLayoutShifts } from './support/page-checks';

let stripe: FakeStripe;
let shop: ProductionShop;
let baseURL: string;
let api: APIRequestContext;
let stripeJs: string;

test.beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: 'sk_test_wallets' });
  shop = await startShop({
    NODE_ENV: 'development',
    RATE_LIMITS: 'off',
    STRIPE_SECRET_KEY: 'sk_test_wallets',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_wallets',
    STRIPE_WEBHOOK_SECRET: 'whsec_wallets',
    STRIPE_API_URL: stripe.url,
  });
  baseURL = `http://127.0.0.1:${shop.port}`;
  api = await playwrightRequest.newContext({ baseURL });
  stripeJs = await (await fetch(`${stripe.url}/stripe.js`)).text();
});
test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
  await stripe?.close();
});

/** Stripe's two hosts, as the browser reaches them: the stand-in for Stripe.js, and the fake for its API. */
async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: stripeJs }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const answer = await route.fetch({ url: `${stripe.url}${url.pathname}${url.search}` });
    await route.fulfill({ response: answer });
  });
}

/** Where the stand-in for Stripe.js tells an element's `ready` handler (a test changes what it says). */
const READY_CALL = 'if (handlers.ready) handlers.ready({';

/** Opens the order's payment page with this stand-in for Stripe.js instead of the usual one. */
async function openWithStripeJs(page: Page, order: ApiOrder, body: string) {
  expect(body).not.toBe(stripeJs);
  await routeStripe(page);
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
  await openPaymentPage(page, order, { baseURL });
}

async function openStripePaymentPage(page: Page, order: ApiOrder) {
  await routeStripe(page);
  await openPaymentPage(page, order, { baseURL });
}

const statusOf = async ({ orderId, checkoutToken }: ApiOrder) =>
  (
    await graphqlCall(
      api,
      'query($orderId: ID!, $checkoutToken: String!) { checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { status } }',
      { orderId, checkoutToken },
    )
  ).checkoutOrder.status as string;

/** Pays the order with Stripe's test card in the card form, and checks it was paid. */
async function payByCard(page: Page, order: ApiOrder) {
  await page.getByLabel('Card number (Stripe)').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await page.waitForURL('**/payment-success?format=digital');
  expect(await statusOf(order)).toBe('Paid');
}

test.describe("Stripe's wallet buttons", () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    test(`a wallet pays in one tap from above the card form, which starts above the fold, at ${width} px`, async ({
      browser,
    }) => {
      const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      const order = await createOrderByApi(api);
      await openStripePaymentPage(page, order);

      const wallet = page.getByRole('button', { name: 'Google Pay' });
      const card = page.getByLabel('Card number (Stripe)');
      await expect(wallet).toBeVisible();
      await expect(page.getByText('or pay by card')).toBeVisible();
      // The wallet first, the card form under it, and both on the first screen.
      const walletBox = (await wallet.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(walletBox.y).toBeLessThan(cardBox.y);
      expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(height);
      await fitsWidth(page, width);

      await wallet.click();
      await page.waitForURL('**/payment-success?format=digital');
      expect(await statusOf(order)).toBe('Paid');
      const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.orderId === order.orderId)!;
      expect(intent).toMatchObject({ status: 'succeeded', amount: 2500, amount_received: 2500 });
    });
  }

  test("opened at its address, the page has Stripe.js and the card form's code on their way before its own code has run", async ({
    page,
  }) => {
    const order = await createOrderByApi(api);
    await routeStripe(page);
    // The tab as the order form leaves it, set before the page's first script runs: the page is the
    // first this tab opens, so every script asked for is the payment page's.
    await page.addInitScript(
      ([orderId, checkoutToken]) => {
        sessionStorage.setItem('paymentOrderId', orderId);
        sessionStorage.setItem('checkoutToken', checkoutToken);
      },
      [order.orderId, order.checkoutToken],
    );
    // The page's own code is held back until both have been asked for (or for 5 s, when they are not).
    let pageCodeLetThrough = false;
    const asked: { file: string; beforePageCode: boolean }[] = [];
    let bothAsked!: () => void;
    const both = new Promise<void>((resolve) => (bothAsked = resolve));
    page.on('request', (sent) => {
      const file = sent.url().startsWith('https://js.stripe.com/')
        ? 'Stripe.js'
        : /\/assets\/(StripePaymentForm)-/.exec(sent.url())?.[1];
      if (!file) return;
      asked.push({ file, beforePageCode: !pageCodeLetThrough });
      if (asked.length === 2) bothAsked();
    });
    await page.route('**/assets/*.js', async (route) => {
      if (!route.request().url().includes('/StripePaymentForm-')) {
        await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 5000))]);
        pageCodeLetThrough = true;
      }
      await route.continue();
    });
    await page.goto(`${baseURL}/payment?orderId=${order.orderId}&amount=25&format=digital`);
    await payByCard(page, order);
    // Each asked for once, by the page's HTML, in either order: the page's import and the form's
    // <script> used what that fetched.
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(
      expect.arrayContaining([
        { file: 'Stripe.js', beforePageCode: true },
        { file: 'StripePaymentForm', beforePageCode: true },
      ]),
    );
  });

  test("on a phone nothing on screen moves while Stripe's form is fetched and drawn", async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await recordLayoutShifts(page);
    await routeStripe(page);
    // Stripe's part of the page, then Stripe.js, each held until the page has been looked at.
    const holds = new Map<string, () => void>();
    const held = (name: string) => new Promise<void>((resolve) => holds.set(name, resolve));
    const chunk = held('chunk');
    const script = held('script');
    await page.route('**/assets/StripePaymentForm-*.js', async (route) => {
      await chunk;
      await route.continue();
    });
    await page.route('https://js.stripe.com/**', async (route) => {
      await script;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: stripeJs });
    });
    await openPaymentPage(page, await createOrderByApi(api), { baseURL });
    const summary = page.getByRole('region', { name: 'Order Summary' });

    await expect(page.getByRole('status').filter({ hasText: 'Loading secure payment…' })).toBeVisible();
    const fetching = (await summary.boundingBox())!.y;
    holds.get('chunk')!();
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    const drawing = (await summary.boundingBox())!.y;
    holds.get('script')!();
    await expect(page.getByLabel('Card number (Stripe)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeEnabled();
    const drawn = (await summary.boundingBox())!.y;
    // The same place kept while Stripe's part is fetched and while it draws; the summary below the fold throughout.
    expect(drawing).toBe(fetching);
    expect(drawn).toBeGreaterThanOrEqual(drawing);
    expect(fetching).toBeGreaterThan(844);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('when Stripe never says which wallets there are, the card form is shown and pays all the same', async ({ page }) => {
    const order = await createOrderByApi(api);
    // This browser's Stripe.js draws the card fields; its wallet element never reports.
    await openWithStripeJs(
      page,
      order,
      stripeJs.replace(READY_CALL, "if (handlers.ready && type !== 'expressCheckout') handlers.ready({"),
    );
    await expect(page.getByLabel('Card number (Stripe)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Google Pay' })).toBeHidden();
    await payByCard(page, order);
  });

  test('a wallet element that fails to load counts as none: the card form is shown and pays', async ({ page }) => {
    const order = await createOrderByApi(api);
    await openWithStripeJs(
      page,
      order,
      stripeJs.replace(
        READY_CALL,
        "if (type === 'expressCheckout') { if (handlers.loaderror) handlers.loaderror({ elementType: type, error: { type: 'api_error', message: 'Express Checkout could not be loaded.' } }); return; } " +
          READY_CALL,
      ),
    );
    await expect(page.getByLabel('Card number (Stripe)')).toBeVisible();
    // Gone, not merely still asking (which the form stops waiting for after a moment).
    await expect(page.locator('.stripe-wallets')).toHaveAttribute('hidden', '');
    await payByCard(page, order);
  });

  test('a wallet Stripe offers only after the card form is shown stays hidden: nothing moves under the parent', async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    // The wallet element reports well after the card fields and the form's wait for it.
    await openWithStripeJs(
      page,
      await createOrderByApi(api),
      stripeJs.replace(
        READY_CALL,
        "if (handlers.ready) (type === 'expressCheckout' ? function (event) { setTimeout(function () { window.fakeStripeWalletsLate = true; handlers.ready(event); }, 2500); } : handlers.ready)({",
      ),
    );
    await expect(page.getByLabel('Card number (Stripe)')).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { fakeStripeWalletsLate?: boolean }).fakeStripeWalletsLate === true);
    await expect(page.locator('.stripe-wallets')).toHaveAttribute('hidden', '');
    await expect(page.getByRole('button', { name: 'Google Pay' })).toBeHidden();
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('when the card fields never draw, the wallets are shown after a moment and pay', async ({ page }) => {
    const order = await createOrderByApi(api);
    await openWithStripeJs(
      page,
      order,
      stripeJs.replace(READY_CALL, "if (handlers.ready && type !== 'payment') handlers.ready({"),
    );
    await page.getByRole('button', { name: 'Google Pay' }).click();
    await page.waitForURL('**/payment-success?format=digital');
    expect(await statusOf(order)).toBe('Paid');
  });

  test('two books with the family discount: one wallet payment of their total pays both', async ({ page }) => {
    const first = await createOrderByApi(api);
    const added = await createOrderByApi(api, { childName: 'Jon' }, first);
    await openStripePaymentPage(page, first);
    await expect(page.getByRole('list', { name: 'Books in this checkout' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Family discount');
    await expect(page.getByRole('button', { name: 'Pay $45' })).toBeVisible();
    await page.getByRole('button', { name: 'Google Pay' }).click();
    await page.waitForURL('**/payment-success?format=digital');
    expect(await statusOf(first)).toBe('Paid');
    const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.orderId === first.orderId)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount: 4500 });
    // A paid checkout lists the books its payment paid: both.
    const paid = await graphqlCall(
      api,
      'query($orderId: ID!, $checkoutToken: String!) { checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { totalCents books { id } } }',
      { ...first },
    );
    expect(paid.checkoutOrder).toEqual({ totalCents: 4500, books: [{ id: first.orderId }, { id: added.orderId }] });
  });

  test("a wallet's declined card is told to the wallet and the page, and the card form still pays", async ({ page }) => {
    const order = await createOrderByApi(api);
    await openStripePaymentPage(page, order);
    await page.evaluate(() => Object.assign(window, { fakeStripeWalletCard: '4000000000000002' }));
    await page.getByRole('button', { name: 'Google Pay' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-wallet-failed', 'fail');
    await expect(page.getByRole('alert').filter({ hasText: 'There was an error processing your payment.' })).toBeVisible();
    expect(await statusOf(order)).toBe('Pending');

    await payByCard(page, order);
  });

  test('without a wallet in the browser, no wallet area at all: the card form comes first', async ({ page }) => {
    const order = await createOrderByApi(api);
    await routeStripe(page);
    // This browser's Stripe.js finds no wallet: its element is ready with none to offer.
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: stripeJs.replace('{ googlePay: true, applePay: false, link: false }', 'undefined'),
      }),
    );
    await openPaymentPage(page, order, { baseURL });
    await expect(page.getByLabel('Card number (Stripe)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeEnabled();
    await expect(page.getByText('or pay by card')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Google Pay' })).toBeHidden();
  });
});
