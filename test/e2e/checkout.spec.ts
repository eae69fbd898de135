/**
 * Checkout in the browser against the real server in its default sandbox mode: from the home
 * page through the order form to 'Payment Successful!', what the payment page says when
 * something is wrong, and what ends up stored (the order Paid, its confirmation e-mail queued).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { graveAxeViolations, fitsWidth, layoutShifts, recordLayoutShifts } from './support/page-checks';
import {
  adminOrder,
  chooseChildPhoto,
  createOrderByApi as createBookByApi,
  gotoHydrated,
  openPaymentPage,
  pngPhoto,
} from './support/shop';
import { atBothWidths, WIDTHS } from './support/widths';

const MESSAGES = {
  missingOrder: 'Missing order information. Please try again.',
  invalidAmount: 'Invalid payment amount. Please try again.',
  paymentFailed: 'There was an error processing your payment. Please try again.',
  recordFailed: 'An error occurred while processing your payment. Please try again or contact support.',
  loadFailed: 'There was an error loading the payment system. Please try refreshing the page or contact support.',
};
const SUCCESS_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const DELIVERY = {
  digital: "You'll get your personalized story in 24 hours or less via email.",
  printed: "You'll receive your premium printed storybook in 7-10 business days.",
};

/** The order as the admin API sees it, with its payment and e-mails. */
async function adminPaymentView(request: APIRequestContext, id: string): Promise<Record<string, any>> {
  const order = await adminOrder(
    request,
    id,
    'id status bookFormat amountCents paidAt paymentId paymentProvider emails { template status subject toAddress }',
  );
  expect(order).toBeTruthy();
  return order!;
}

/** Creates a Pending order straight through the API (the form has its own tests). */
async function createOrderByApi(request: APIRequestContext, format: 'digital' | 'printed') {
  const input: Record<string, unknown> = {
    childName: 'Ivy',
    childAge: 5,
    moral: 'Courage',
    storyIdea: '',
    email: 'ivy.parent@example.com',
    bookFormat: format,
  };
  if (format === 'printed') {
    input.bookStyle = 'classic';
    input.shippingAddress = {
      fullName: 'Ivy Parent',
      streetAddress: '3 Elm Road',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      country: 'United States',
    };
  }
  const query = `mutation($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) { orderId checkoutToken userErrors { message } } }`;
  const response = await request.post('/graphql', {
    headers: { 'Apollo-Require-Preflight': 'true' },
    multipart: {
      operations: JSON.stringify({ query, variables: { input, childPhoto: null } }),
      // Not "0": integer-like keys would be sent first, and the file must follow the map.
      map: JSON.stringify({ photo: ['variables.childPhoto'] }),
      photo: { name: 'ivy.png', mimeType: 'image/png', buffer: await pngPhoto() },
    },
  });
  const body = await response.json();
  if (!body.data) throw new Error(`createOrder failed: ${JSON.stringify(body)}`);
  const { orderId, checkoutToken, userErrors } = body.data.createOrder;
  expect(userErrors).toEqual([]);
  return { orderId: orderId as string, checkoutToken: checkoutToken as string };
}

async function fillOrderForm(page: Page, format: 'digital' | 'printed') {
  // The form is prerendered: what is typed before it hydrates is not the form's yet.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel("Child's name", { exact: true }).fill(format === 'digital' ? 'Mia' : 'Leo');
  await page.getByLabel('Age', { exact: true }).fill(format === 'digital' ? '6' : '8');
  await page.getByRole('radio', { name: 'Kindness' }).check();
  await page.getByLabel('Email', { exact: true }).fill(`${format}.parent@example.com`);
  await chooseChildPhoto(page, { name: 'child.png', mimeType: 'image/png', buffer: await pngPhoto() });
  if (format === 'printed') {
    await page.getByRole('radio', { name: 'Premium Printed Storybook' }).check();
    await page.getByRole('radio', { name: 'Adventure' }).check();
    await page.getByLabel('Full name').fill('Ana Parent');
    await page.getByLabel('Street address').fill('1 Maple Ave');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State', { exact: true }).selectOption('OR');
    await page.getByLabel('ZIP code').fill('97201');
  }
  await page.getByLabel('I accept the terms and conditions').check();
}

async function payWithCard(page: Page, cardNumber: string, amountLabel = 'Pay $25') {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: amountLabel }).click();
}

const orderIdFrom = (page: Page) => new URL(page.url()).searchParams.get('orderId')!;

test.describe('checkout in the sandbox', () => {
  for (const [format, title, price] of [
    ['digital', 'Digital Comic Book', '$25'],
    ['printed', 'Premium Printed Storybook', '$50'],
  ] as const) {
    test(`a ${format} book from the home page to 'Payment Successful!', stored Paid with its e-mail`, async ({
      page,
      request,
    }) => {
      await gotoHydrated(page, '/');
      await page.getByRole('link', { name: 'CREATE A STORYBOOK' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Create Your Child's Storybook");
      await fillOrderForm(page, format);
      await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
      await expect(page.getByText('Processing Your Order')).toBeVisible();

      // Arriving from the form: the overlay shows, then lifts by itself.
      await page.waitForURL(/\/payment\?/);
      await expect(page.getByRole('status').filter({ hasText: 'Loading Payment Options' })).toBeVisible();
      await expect(page.getByText('Loading Payment Options')).toBeHidden({ timeout: 5_000 });
      const orderId = orderIdFrom(page);

      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText(title);
      await expect(summary).toContainText(price);
      await expect(page.getByText(/^Test mode: no real card is charged\./)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cancel and return to form' })).toHaveAttribute('href', '/create');

      await payWithCard(page, SUCCESS_CARD, `Pay ${price}`);
      await page.waitForURL(`**/payment-success?format=${format}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
      await expect(page.getByText(DELIVERY[format])).toBeVisible();

      const order = await adminPaymentView(request, orderId);
      expect(order).toMatchObject({ status: 'Paid', bookFormat: format, paymentProvider: 'sandbox' });
      expect(order.paymentId).toMatch(/\S/);
      expect(order.paidAt).toBeTruthy();
      expect(order.emails).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ template: 'order-confirmation', toAddress: `${format}.parent@example.com` }),
        ]),
      );
      // Paid: the tab remembers the order as paid, so Back to the payment page can say so.
      expect(await page.evaluate(() => sessionStorage.getItem('paidOrderId'))).toBe(orderId);
      await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', /^\/order\/[\w-]{43}$/);
    });
  }

  test('a declined card shows the exact message, the order stays Pending, and 4242 then pays', async ({ page, request }) => {
    const created = await createOrderByApi(request, 'digital');
    await openPaymentPage(page, created);
    // Not arriving from the form: no overlay.
    await expect(page.getByText('Loading Payment Options')).toHaveCount(0);

    await payWithCard(page, DECLINED_CARD);
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.paymentFailed });
    await expect(alert).toBeVisible();
    // Not the same card again, and not a way back to the form: another card, here.
    await expect(alert.getByRole('button', { name: 'Use another card' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    const declined = await adminPaymentView(request, created.orderId);
    expect(declined).toMatchObject({ status: 'Pending', paymentId: null, paidAt: null });
    expect(declined.emails.filter((email: { template: string }) => email.template === 'order-confirmation')).toEqual([]);

    await payWithCard(page, SUCCESS_CARD);
    await page.waitForURL('**/payment-success?format=digital');
    await expect(page.getByText(DELIVERY.digital)).toBeVisible();
    expect(await adminPaymentView(request, created.orderId)).toMatchObject({ status: 'Paid' });
  });

  test('the missing and invalid link messages, each with Try Again to the form', async ({ page }) => {
    for (const [url, message] of [
      ['/payment', MESSAGES.missingOrder],
      ['/payment?amount=25&format=digital', MESSAGES.missingOrder],
      ['/payment?orderId=abc&format=digital', MESSAGES.missingOrder],
      ['/payment?orderId=abc&amount=free', MESSAGES.invalidAmount],
      ['/payment?orderId=abc&amount=-25', MESSAGES.invalidAmount],
      ['/payment?orderId=abc&amount=25.50', MESSAGES.invalidAmount],
    ]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(new RegExp(`^${message.replace(/\./g, '\\.')}`));
      await expect(alert.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/create');
    }
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/create$/);
  });

  for (const width of WIDTHS) {
    test(`opened in another tab, the payment page shows nothing of the order and e-mails its link, at ${width} px`, async ({
      page,
      request,
    }) => {
      const created = await createOrderByApi(request, 'digital');
      await page.setViewportSize({ width, height: 844 });
      // A new tab: the order form's checkout token is not in this tab's session.
      await page.goto(`/payment?orderId=${created.orderId}&amount=25&format=digital`);
      await expect(
        page.getByText('This payment page opens only in the browser tab where the order was placed.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByText('Ivy')).toHaveCount(0);
      await expect(page.getByText(MESSAGES.missingOrder)).toHaveCount(0);
      expect(await graveAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'E-mail me the link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'on its way' })).toContainText(
        'a link to it is on its way to the e-mail address on the order',
      );
      await fitsWidth(page, width);
    });
  }

  test("an amount in the link that is not the order's is never shown", async ({ page, request }) => {
    const created = await createOrderByApi(request, 'printed');
    await openPaymentPage(page, created, { amount: 1, format: 'digital' });
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('Premium Printed Storybook');
    await expect(summary).toContainText('$50');
    await expect(page.getByText('$1', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay $50' })).toBeVisible();
  });

  test('the page asks for its order and its payment before its code has come, once each, and shows them', async ({
    page,
    request,
  }) => {
    const created = await createOrderByApi(request, 'digital');
    await page.goto('/faq');
    await page.evaluate(({ orderId, checkoutToken }) => {
      sessionStorage.setItem('paymentOrderId', orderId);
      sessionStorage.setItem('checkoutToken', checkoutToken);
    }, created);
    const asked: { operation: string; beforeCode: boolean }[] = [];
    let codeLetThrough = false;
    let bothAsked!: () => void;
    const early = new Promise<void>((resolve) => (bothAsked = resolve));
    page.on('request', (sent) => {
      const operation = /"operationName":"(CheckoutOrder|StartPayment)"/.exec(sent.postData() ?? '')?.[1];
      if (!operation) return;
      asked.push({ operation, beforeCode: !codeLetThrough });
      if (asked.length === 2) bothAsked();
    });
    // The page's code is held back until both have been asked (or for 5 s, when they are not).
    await page.route('**/assets/*.js', async (route) => {
      await Promise.race([early, new Promise((resolve) => setTimeout(resolve, 5000))]);
      codeLetThrough = true;
      await route.continue();
    });
    await page.goto(`/payment?orderId=${created.orderId}&amount=25&format=digital`);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Digital Comic Book');
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $25' }).click();
    await page.waitForURL('**/payment-success?format=digital');
    expect(asked).toEqual([
      { operation: 'CheckoutOrder', beforeCode: true },
      { operation: 'StartPayment', beforeCode: true },
    ]);
    expect(await adminPaymentView(request, created.orderId)).toMatchObject({ status: 'Paid' });
  });

  test("when the page's own early question fails, the page asks again and shows the order", async ({ page, request }) => {
    const created = await createOrderByApi(request, 'digital');
    let orderQueries = 0;
    await page.route('**/graphql', async (route) => {
      if (/"operationName":"CheckoutOrder"/.test(route.request().postData() ?? '') && ++orderQueries === 1) {
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await openPaymentPage(page, created);
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    expect(orderQueries).toBe(2);
  });

  test('a book added in another tab while the page gets the payment ready: the page shows the new total and pays it', async ({
    page,
    request,
  }) => {
    const created = await createOrderByApi(request, 'digital');
    // The payment's start is held until the other tab has added its book.
    let release!: () => void;
    const added = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (/"operationName":"StartPayment"/.test(route.request().postData() ?? '')) await added;
      await route.continue();
    });
    await openPaymentPage(page, created);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('$25');
    // Two books together: 10% off each, $45 in all.
    const second = await createBookByApi(request, { childName: 'Leo' }, created);
    release();
    const pay = page.getByRole('button', { name: 'Pay $45' });
    await expect(pay).toBeVisible();
    await expect(summary).toContainText('Leo');
    await expect(page.getByRole('status').filter({ hasText: 'changed' })).toHaveText(
      'Your order changed since this page opened: the total is now $45.',
    );
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toHaveText(['Pay $45']);
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await page.waitForURL('**/payment-success?format=digital');
    for (const id of [created.orderId, second.orderId]) {
      expect(await adminPaymentView(request, id)).toMatchObject({ status: 'Paid' });
    }
  });

  test('on a phone the payment form starts above the fold, under a recap, and the summary is one tap away', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPaymentPage(page, await createOrderByApi(request, 'printed'), { amount: 50, format: 'printed' });
    const card = page.getByRole('region', { name: 'Payment' });
    await expect(card).toContainText('Premium Printed Storybook, starring Ivy');
    await expect(card).toContainText('Total $50');
    await expect(card.getByLabel('Card number')).toBeInViewport();
    expect((await card.getByLabel('Card number').boundingBox())!.y).toBeLessThan(844);
    // The summary, first for screen readers, comes after the form on screen.
    const summary = page.getByRole('region', { name: 'Order Summary' });
    expect((await summary.boundingBox())!.y).toBeGreaterThan((await card.boundingBox())!.y);
    await card.getByRole('link', { name: 'Order details' }).click();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeInViewport();
    await expect(card.getByLabel('Card number')).not.toBeInViewport();

    // Side by side on a desktop, the summary is beside the form and the recap is not shown.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(card.getByRole('link', { name: 'Order details' })).toBeHidden();
    await expect(summary).toBeInViewport();
  });

  test('on a phone nothing on screen moves when the card form takes the place kept for it', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await recordLayoutShifts(page);
    // The payment is started only once the place kept for its form has been checked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('StartPayment')) await held;
      await route.continue();
    });
    await openPaymentPage(page, await createOrderByApi(request, 'digital'), { amount: 25, format: 'digital' });
    await expect(page.getByRole('status').filter({ hasText: 'Getting secure payment ready…' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const before = (await summary.boundingBox())!.y;
    release();
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect((await summary.boundingBox())!.y).toBeGreaterThan(844);
    expect(before).toBeGreaterThan(844);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('a paid order is not offered for payment again', async ({ page, request }) => {
    const created = await createOrderByApi(request, 'digital');
    await openPaymentPage(page, created);
    await payWithCard(page, SUCCESS_CARD);
    await page.waitForURL('**/payment-success?format=digital');
    await openPaymentPage(page, created);
    await expect(page.getByText('This order has already been paid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/order/${created.checkoutToken}`);
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  test('a failed recording says so, and the next try only records the payment', async ({ page, request }) => {
    const created = await createOrderByApi(request, 'digital');
    await openPaymentPage(page, created);
    let confirmations = 0;
    let failRecording = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('ConfirmSandboxPayment')) confirmations += 1;
      if (failRecording && body.includes('RecordPayment')) {
        // Long enough for the page to be seen busy, even on a loaded machine.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.fulfill({ json: { errors: [{ message: 'Internal server error' }] } });
        return;
      }
      await route.continue();
    });

    await payWithCard(page, SUCCESS_CARD);
    await expect(page.getByText('Processing your payment...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeDisabled();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.recordFailed })).toBeVisible();
    expect((await adminPaymentView(request, created.orderId)).status).toBe('Pending');

    failRecording = false;
    await page.getByRole('button', { name: 'Pay $25' }).click();
    await page.waitForURL('**/payment-success?format=digital');
    expect(confirmations).toBe(1);
    expect((await adminPaymentView(request, created.orderId)).status).toBe('Paid');
  });

  test('the sandbox page loads no Stripe code', async ({ page, request }) => {
    const scripts: string[] = [];
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (/stripe\.com/.test(r.url())) stripeRequests.push(r.url());
    });
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    const created = await createOrderByApi(request, 'digital');
    await openPaymentPage(page, created);
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((source) => source.includes('js.stripe.com'))).toEqual([]);
    expect(stripeRequests).toEqual([]);
  });

  test('when Stripe.js cannot load: the yellow notice with Refresh Page', async ({ page, request }) => {
    const created = await createOrderByApi(request, 'digital');
    // Pretend the server runs Stripe; Stripe.js itself cannot be reached.
    await page.route('**/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('StartPayment')) return route.continue();
      return route.fulfill({
        json: {
          data: {
            startPayment: {
              __typename: 'StartPaymentPayload',
              provider: 'stripe',
              paymentId: 'pi_123',
              clientSecret: 'pi_123_secret_456',
              publishableKey: 'pk_test_123',
              amountCents: 2500,
              currency: 'USD',
              userErrors: [],
            },
          },
        },
      });
    });
    await page.route('https://js.stripe.com/**', (route) => route.abort('connectionfailed'));
    await openPaymentPage(page, created);

    const notice = page.getByRole('alert').filter({ hasText: MESSAGES.loadFailed });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  // On a phone (390 px), each state checked at both widths.
  test('the payment page, its errors and its card form pass axe, checked at 390 and 1280 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/payment?orderId=abc');
    await expect(page.getByRole('alert')).toBeVisible();
    await atBothWidths(page, async () => expect(await graveAxeViolations(page)).toEqual([]));

    await openPaymentPage(page, await createOrderByApi(request, 'digital'));
    await expect(page.getByRole('button', { name: 'Pay $25' })).toBeVisible();
    await atBothWidths(page, async (width) => {
      expect(await graveAxeViolations(page)).toEqual([]);
      await fitsWidth(page, width);
    });

    await payWithCard(page, DECLINED_CARD);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.paymentFailed })).toBeVisible();
    await atBothWidths(page, async () => expect(await graveAxeViolations(page)).toEqual([]));
  });
});

test.describe('coming back from a payment method that redirects', () => {
  test('lands on the success page even when the webhook has already marked the order Paid', async ({ page, request }) => {
    const order = await createOrderByApi(request, 'digital');
    const call = async (query: string, variables: Record<string, unknown>) =>
      (await (await request.post('/graphql', { data: { query, variables } })).json()).data;
    const { startPayment } = await call(
      `mutation($orderId: ID!, $checkoutToken: String!) { startPayment(orderId: $orderId, checkoutToken: $checkoutToken) { paymentId } }`,
      order,
    );
    await call(
      `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
        confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: "4242424242424242") { succeeded } }`,
      { ...order, paymentId: startPayment.paymentId },
    );
    // Paid before the browser returns, as a provider's webhook often is.
    const { recordPayment } = await call(
      `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
        recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) { order { status } } }`,
      { ...order, paymentId: startPayment.paymentId },
    );
    expect(recordPayment.order.status).toBe('Paid');

    await page.goto('/faq');
    await page.evaluate(({ orderId, checkoutToken }) => {
      sessionStorage.setItem('paymentOrderId', orderId);
      sessionStorage.setItem('checkoutToken', checkoutToken);
    }, order);
    await page.goto(
      `/payment?orderId=${order.orderId}&amount=25&format=digital&payment_intent=${startPayment.paymentId}&redirect_status=succeeded`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
    await expect(page).toHaveURL(/\/payment-success\?format=digital$/);
  });
});
