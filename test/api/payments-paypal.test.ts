/**
 * PayPal beside Stripe, against fakes of both: a PayPal order for the catalogue's amount with the
 * order's id and reference, captured by the shop only when PayPal's order matches, once however
 * often it is recorded; a declined instrument said so the buttons restart; webhooks believed only
 * when PayPal's verify-webhook-signature API says so, each event once; an order closed before the
 * page recorded it paid by CHECKOUT.ORDER.APPROVED; refunds through the captures refund API; and a
 * second payment through the other provider flagged and refunded through that provider.
 */
import { ReceiptLinks } from '../../server/src/orders/receipt-links';
import { createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder } from '../support/checkout';
import { type FakePayPal, paypalEnv, startFakePayPal } from '../support/fake-paypal';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';
import { makePng } from '../support/images';

const STRIPE_WEBHOOK_SECRET = 'whsec_test_storybook';
let paypal: FakePayPal;
let stripe: FakeStripe;
let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;

beforeAll(async () => {
  paypal = await startFakePayPal();
  stripe = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_storybook',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ...paypalEnv(paypal),
  });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  parent = new GraphQLClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await paypal?.close();
  await stripe?.close();
});

const START = `mutation($orderId: ID!, $checkoutToken: String!, $provider: PaymentProviderName) {
  startPayment(orderId: $orderId, checkoutToken: $checkoutToken, provider: $provider) {
    provider paymentId clientSecret publishableKey amountCents currency userErrors { code field message }
  }
}`;
const RECORD = `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $provider: PaymentProviderName) {
  recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, provider: $provider) {
    order { id status amountCents } userErrors { code field message }
  }
}`;
const REFUND = `mutation($orderId: ID!, $reason: String!, $amountCents: Int) {
  refundOrder(orderId: $orderId, reason: $reason, amountCents: $amountCents) { order { status refundableCents } userErrors { code field message } }
}`;
const REFUND_EXTRA = `mutation($orderId: ID!, $paymentId: String!) {
  refundExtraCharge(orderId: $orderId, paymentId: $paymentId) { order { id status } userErrors { code field message } }
}`;

const orderRow = async (orderId: string) =>
  (
    await server.dataSource.query(
      'SELECT status, payment_id AS "paymentId", payment_provider AS "provider", amount_cents AS "amountCents" FROM orders WHERE id = $1',
      [orderId],
    )
  )[0];
const eventTypes = async (orderId: string): Promise<string[]> =>
  (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at', [orderId])).map(
    (event: { type: string }) => event.type,
  );

async function startPayPal() {
  const ref = await placeOrder(parent, printedOrder());
  const started = (await parent.query(START, { ...ref, provider: 'paypal' })).data!.startPayment;
  expect(started.userErrors).toEqual([]);
  return { ...ref, paymentId: started.paymentId as string, started };
}

/** A token for PayPal's API with the shop's credentials, as anything outside the shop could get one. */
async function paypalToken(): Promise<string> {
  const response = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function deliver(webhook: { body: string; headers: Record<string, string> }) {
  return fetch(`${server.url}/webhooks/paypal`, { method: 'POST', headers: webhook.headers, body: webhook.body });
}

describe('paying with PayPal', () => {
  it("lists both providers; the card form's comes first and is the one an unnamed payment starts with", async () => {
    const config = await parent.query('{ shopConfig { paymentProvider paymentProviders } }');
    expect(config.data!.shopConfig).toEqual({ paymentProvider: 'stripe', paymentProviders: ['stripe', 'paypal'] });
    const ref = await placeOrder(parent, printedOrder());
    const unnamed = (await parent.query(START, ref)).data!.startPayment;
    expect(unnamed).toMatchObject({ provider: 'stripe', userErrors: [] });
    const sandbox = (await parent.query(START, { ...ref, provider: 'sandbox' })).data!.startPayment;
    expect(sandbox.userErrors).toEqual([
      { code: 'NOT_AVAILABLE', field: 'provider', message: 'That way to pay is not available in this shop.' },
    ]);
  });

  it("creates a PayPal order for the catalogue's amount, with the order's id and reference", async () => {
    const { orderId, paymentId, started } = await startPayPal();
    expect(started).toMatchObject({
      provider: 'paypal',
      clientSecret: null,
      publishableKey: paypal.clientId,
      amountCents: 5000,
      currency: 'USD',
    });
    const order = paypal.orders.find((candidate) => candidate.id === paymentId)!;
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: '50.00' },
      custom_id: orderId,
      // The reference the parent's e-mails and receipt give.
      invoice_id: orderId.slice(0, 8),
    });
    const create = paypal.requests.find((request) => request.method === 'POST' && request.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe(`order-${orderId}-5000-usd`);
    // The card form's payment stays the order's own until one is paid; PayPal's is kept beside it.
    expect(await orderRow(orderId)).toMatchObject({ status: 'Pending', provider: null, paymentId: null });
    expect(
      await server.dataSource.query('SELECT provider, payment_id FROM payment_attempts WHERE order_id = $1', [orderId]),
    ).toEqual([{ provider: 'paypal', payment_id: paymentId }]);
  });

  it('captures an approved order once and marks it Paid; recording it again changes nothing', async () => {
    const { orderId, checkoutToken, paymentId } = await startPayPal();
    paypal.approve(paymentId);
    const calls = paypal.captureCalls;
    const recorded = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(recorded).toEqual({ order: { id: orderId, status: 'Paid', amountCents: 5000 }, userErrors: [] });
    expect(paypal.captureCalls).toBe(calls + 1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', paymentId, provider: 'paypal' });

    const again = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(again.order.status).toBe('Paid');
    expect(paypal.captureCalls).toBe(calls + 1);

    // The receipt says how it was paid.
    const [, , signature] = new ReceiptLinks('test-media-secret-of-at-least-32-bytes').path(orderId).split('/').filter(Boolean);
    const receipt = await parent.query(
      'query($orderId: ID!, $signature: String!) { receipt(orderId: $orderId, signature: $signature) { paidWith totalCents } }',
      { orderId, signature },
    );
    expect(receipt.data!.receipt).toEqual({ paidWith: 'PayPal', totalCents: 5000 });
    const paidTransitions = await server.dataSource.query(
      `SELECT 1 FROM order_events WHERE order_id = $1 AND to_status = 'Paid'`,
      [orderId],
    );
    expect(paidTransitions).toHaveLength(1);
  });

  it('pays a checkout of two books with one PayPal order for their family-discounted prices', async () => {
    const first = await placeOrder(parent, printedOrder());
    const added = await parent.upload(
      `mutation($input: CreateOrderInput!, $childPhoto: Upload!, $addTo: CheckoutRefInput) {
        createOrder(input: $input, childPhoto: $childPhoto, addTo: $addTo) { orderId userErrors { message } }
      }`,
      { input: { ...printedOrder(), childName: 'Noa', bookFormat: 'digital' }, addTo: first },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
    );
    const addedId = added.data!.createOrder.orderId as string;
    const started = (await parent.query(START, { ...first, provider: 'paypal' })).data!.startPayment;
    expect(started).toMatchObject({ amountCents: 4500 + 2250, userErrors: [] });
    const order = paypal.orders.find((candidate) => candidate.id === started.paymentId)!;
    expect(order.purchase_units[0]).toMatchObject({ amount: { currency_code: 'USD', value: '67.50' }, custom_id: first.orderId });
    paypal.approve(started.paymentId);
    const recorded = (await parent.query(RECORD, { ...first, paymentId: started.paymentId, provider: 'paypal' })).data!
      .recordPayment;
    expect(recorded.userErrors).toEqual([]);
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'Paid', paymentId: started.paymentId, amountCents: 4500 });
    expect(await orderRow(addedId)).toMatchObject({ status: 'Paid', paymentId: started.paymentId, amountCents: 2250 });
  });

  it('does not capture before the parent approved, nor an order PayPal holds for another amount', async () => {
    const { orderId, checkoutToken, paymentId } = await startPayPal();
    const calls = paypal.captureCalls;
    const early = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(early.userErrors).toEqual([
      { code: 'PAYMENT_FAILED', field: 'paymentId', message: 'Your payment has not gone through yet.' },
    ]);
    expect(paypal.captureCalls).toBe(calls);

    // PayPal's order says 1.00, not the catalogue's 50.00: never captured, the order stays Pending.
    paypal.approve(paymentId).purchase_units[0].amount.value = '1.00';
    const cheap = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(cheap.userErrors).toEqual([
      { code: 'PAYMENT_FAILED', field: 'paymentId', message: 'Your payment has not gone through yet.' },
    ]);
    expect(paypal.captureCalls).toBe(calls);
    expect((await orderRow(orderId)).status).toBe('Pending');
  });

  it("refuses another order's PayPal payment, and one PayPal has never heard of", async () => {
    const first = await startPayPal();
    paypal.approve(first.paymentId);
    const second = await startPayPal();
    const stolen = (await parent.query(RECORD, { ...second, paymentId: first.paymentId, provider: 'paypal' })).data!
      .recordPayment;
    expect(stolen.order).toBeNull();
    expect(paypal.orders.find((order) => order.id === first.paymentId)!.status).toBe('APPROVED');
    const unknown = (await parent.query(RECORD, { ...second, paymentId: 'NOSUCHORDER000001', provider: 'paypal' })).data!
      .recordPayment;
    expect(unknown.userErrors).toEqual([{ code: 'NOT_FOUND', field: 'paymentId', message: 'We could not find that payment.' }]);
  });

  it('says a declined instrument as such, so the buttons restart, and takes the next one', async () => {
    const { orderId, checkoutToken, paymentId } = await startPayPal();
    paypal.approve(paymentId, { declined: true });
    const declined = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(declined.userErrors).toEqual([expect.objectContaining({ code: 'PAYMENT_DECLINED', field: 'paymentId' })]);
    expect((await orderRow(orderId)).status).toBe('Pending');

    paypal.approve(paymentId);
    const paid = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(paid.order.status).toBe('Paid');
  });

  it('believes no PayPal order the shop did not create, even one for this order and amount', async () => {
    const { orderId, checkoutToken } = await startPayPal();
    // Made with PayPal's API outside the shop (the browser SDK can, with the public client id).
    const foreign = (await (
      await fetch(`${paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await paypalToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{ custom_id: orderId, amount: { currency_code: 'USD', value: '50.00' } }],
        }),
      })
    ).json()) as { id: string };
    paypal.approve(foreign.id);
    const calls = paypal.captureCalls;
    const recorded = (await parent.query(RECORD, { orderId, checkoutToken, paymentId: foreign.id, provider: 'paypal' })).data!
      .recordPayment;
    expect(recorded.userErrors).toEqual([{ code: 'NOT_FOUND', field: 'paymentId', message: 'We could not find that payment.' }]);
    expect((await deliver(paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: foreign.id }))).status).toBe(200);
    expect(paypal.captureCalls).toBe(calls);
    expect((await orderRow(orderId)).status).toBe('Pending');
  });

  it('says a capture PayPal declined inside its answer as declined, and the next press starts a new PayPal order', async () => {
    const { orderId, checkoutToken, paymentId } = await startPayPal();
    paypal.approve(paymentId, { declined: 'capture' });
    const declined = (await parent.query(RECORD, { orderId, checkoutToken, paymentId, provider: 'paypal' })).data!.recordPayment;
    expect(declined.userErrors).toEqual([expect.objectContaining({ code: 'PAYMENT_DECLINED' })]);
    expect((await orderRow(orderId)).status).toBe('Pending');
    const again = (await parent.query(START, { orderId, checkoutToken, provider: 'paypal' })).data!.startPayment;
    expect(again.paymentId).not.toBe(paymentId);
    paypal.approve(again.paymentId);
    const paid = (await parent.query(RECORD, { orderId, checkoutToken, paymentId: again.paymentId, provider: 'paypal' })).data!
      .recordPayment;
    expect(paid.order.status).toBe('Paid');
  });

  it("shows the spec's PayPal account message when PayPal restricts the shop's account", async () => {
    paypal.restrictPayee = true;
    try {
      const ref = await placeOrder(parent, printedOrder());
      const refused = (await parent.query(START, { ...ref, provider: 'paypal' })).data!.startPayment;
      expect(refused.userErrors).toEqual([
        {
          code: 'PAYMENT_ACCOUNT_RESTRICTED',
          field: null,
          message:
            'PayPal account issue: Your PayPal business account has restrictions. Please check your PayPal account settings and verify your account.',
        },
      ]);
    } finally {
      paypal.restrictPayee = false;
    }
  });
});

describe("PayPal's webhooks", () => {
  it('refuses a forged webhook, and one signed for another webhook id, without acting on it', async () => {
    const { orderId, paymentId } = await startPayPal();
    paypal.approve(paymentId);
    const genuine = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: paymentId, status: 'APPROVED' });
    const forged = {
      ...genuine,
      headers: { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
    };
    expect((await deliver(forged)).status).toBe(400);
    const tampered = { ...genuine, body: genuine.body.replace('APPROVED', 'COMPLETED') };
    expect((await deliver(tampered)).status).toBe(400);
    const otherHook = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: paymentId }, { webhookId: 'OTHERWEBHOOK0001' });
    expect((await deliver(otherHook)).status).toBe(400);
    const unsigned = await fetch(`${server.url}/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: genuine.body,
    });
    expect(unsigned.status).toBe(400);
    expect((await orderRow(orderId)).status).toBe('Pending');
    expect(paypal.orders.find((order) => order.id === paymentId)!.status).toBe('APPROVED');
  });

  it('answers 500 when PayPal cannot verify the webhook, so PayPal sends it again', async () => {
    const { orderId, paymentId } = await startPayPal();
    paypal.approve(paymentId);
    const webhook = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: paymentId });
    paypal.failNext('POST', '/v1/notifications/verify-webhook-signature', 503);
    expect((await deliver(webhook)).status).toBe(500);
    expect((await orderRow(orderId)).status).toBe('Pending');
    expect((await deliver(webhook)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('Paid');
  });

  it('acknowledges a denied capture and leaves the order waiting for payment', async () => {
    const { orderId, paymentId } = await startPayPal();
    const denied = paypal.webhook('PAYMENT.CAPTURE.DENIED', {
      id: 'DENIEDCAPTURE0001',
      status: 'DECLINED',
      amount: { currency_code: 'USD', value: '50.00' },
      custom_id: orderId,
      supplementary_data: { related_ids: { order_id: paymentId } },
    });
    expect((await deliver(denied)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Pending', paymentId: null });
  });

  it('flags nothing when PayPal approves an order that Stripe already paid: no money was taken', async () => {
    const ref = await placeOrder(parent, printedOrder());
    const card = (await parent.query(START, { ...ref, provider: 'stripe' })).data!.startPayment;
    const { paymentId } = (await parent.query(START, { ...ref, provider: 'paypal' })).data!.startPayment;
    stripe.succeed(card.paymentId);
    expect(
      (await parent.query(RECORD, { ...ref, paymentId: card.paymentId, provider: 'stripe' })).data!.recordPayment.order.status,
    ).toBe('Paid');
    paypal.approve(paymentId);
    const calls = paypal.captureCalls;
    expect((await deliver(paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: paymentId }))).status).toBe(200);
    expect(paypal.captureCalls).toBe(calls);
    expect(await eventTypes(ref.orderId)).not.toContain('payment_needs_attention');
    expect(await orderRow(ref.orderId)).toMatchObject({ status: 'Paid', provider: 'stripe', paymentId: card.paymentId });
  });

  it('captures and pays an order whose parent closed the tab after approving, once per event', async () => {
    const { orderId, paymentId } = await startPayPal();
    paypal.approve(paymentId);
    // The body says what the event is about; what is done follows PayPal's API, not the body's amount.
    const webhook = paypal.webhook('CHECKOUT.ORDER.APPROVED', {
      id: paymentId,
      status: 'APPROVED',
      purchase_units: [{ amount: { currency_code: 'USD', value: '0.01' } }],
    });
    expect((await deliver(webhook)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', paymentId, provider: 'paypal' });
    const calls = paypal.captureCalls;
    expect((await deliver(webhook)).status).toBe(200);
    const order = paypal.orders.find((candidate) => candidate.id === paymentId)!;
    const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', {
      ...order.purchase_units[0].payments!.captures![0],
      supplementary_data: { related_ids: { order_id: paymentId } },
    });
    expect((await deliver(completed)).status).toBe(200);
    expect(paypal.captureCalls).toBe(calls);
    expect((await eventTypes(orderId)).filter((type) => type === 'payment_needs_attention')).toEqual([]);
  });
});

describe('refunds and a second payment through PayPal', () => {
  async function paidWithPayPal() {
    const ref = await startPayPal();
    paypal.approve(ref.paymentId);
    const paid = (await parent.query(RECORD, { ...ref, provider: 'paypal' })).data!.recordPayment;
    expect(paid.order.status).toBe('Paid');
    return ref;
  }

  it("names PayPal's settings when PayPal refuses the shop's credentials, and refunds nothing", async () => {
    const { orderId } = await paidWithPayPal();
    paypal.credentialsRevoked = true;
    try {
      const refused = (await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' })).data!.refundOrder;
      expect(refused).toEqual({
        order: null,
        userErrors: [
          {
            code: 'PAYMENT_ACCOUNT_RESTRICTED',
            field: null,
            message:
              "The payment provider refused the shop's API key or account, so nothing was refunded. Check the payment settings (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET) and try again.",
          },
        ],
      });
    } finally {
      paypal.credentialsRevoked = false;
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid' });
    expect(await server.dataSource.query('SELECT 1 FROM refunds WHERE order_id = $1', [orderId])).toEqual([]);
  });

  it('refunds part, then the rest, through the captures refund API under a PayPal-Request-Id', async () => {
    const { orderId, paymentId } = await paidWithPayPal();
    const part = (await admin.query(REFUND, { orderId, reason: 'Late delivery', amountCents: 1250 })).data!.refundOrder;
    expect(part.userErrors).toEqual([]);
    expect(part.order).toEqual({ status: 'Paid', refundableCents: 3750 });
    const rest = (await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' })).data!.refundOrder;
    expect(rest.order).toEqual({ status: 'Refunded', refundableCents: 0 });

    const order = paypal.orders.find((candidate) => candidate.id === paymentId)!;
    const refunds = order.purchase_units[0].payments!.refunds!;
    expect(refunds.map((refund) => refund.amount.value)).toEqual(['12.50', '37.50']);
    const rows = await server.dataSource.query(
      'SELECT id, provider_refund_id FROM refunds WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    );
    expect(refunds.map((refund) => refund.custom_id)).toEqual(rows.map((row: { id: string }) => row.id));
    const calls = paypal.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/refund'));
    // Each refund under a PayPal-Request-Id naming its own refunds row: a retried call gives back the same refund.
    expect(calls.slice(-2).map((call) => call.headers['paypal-request-id'])).toEqual(
      rows.map((row: { id: string }) => `refund-${row.id}`),
    );
    expect(order.purchase_units[0].payments!.captures![0].status).toBe('REFUNDED');
  });

  it("records a refund made in PayPal's dashboard from its webhook, as PayPal's API reports it", async () => {
    const { orderId, paymentId } = await paidWithPayPal();
    const order = paypal.orders.find((candidate) => candidate.id === paymentId)!;
    const capture = order.purchase_units[0].payments!.captures![0];
    // A refund made at PayPal itself: the fake's refund API, called as the dashboard would.
    const refund = (await (
      await fetch(`${paypal.url}/v2/payments/captures/${capture.id}/refund`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await paypalToken()}`, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as object;
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', refund))).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('Refunded');
  });

  it('flags a Stripe payment for an order PayPal already paid, and refunds it through Stripe', async () => {
    const ref = await placeOrder(parent, printedOrder());
    const card = (await parent.query(START, { ...ref, provider: 'stripe' })).data!.startPayment;
    expect(card).toMatchObject({ provider: 'stripe', userErrors: [] });
    const { paymentId } = (await parent.query(START, { ...ref, provider: 'paypal' })).data!.startPayment;
    paypal.approve(paymentId);
    expect((await parent.query(RECORD, { ...ref, paymentId, provider: 'paypal' })).data!.recordPayment.order.status).toBe('Paid');

    // The card form was paid too, in another tab.
    stripe.succeed(card.paymentId);
    const recorded = (await parent.query(RECORD, { ...ref, paymentId: card.paymentId, provider: 'stripe' })).data!.recordPayment;
    expect(recorded.userErrors).toEqual([
      expect.objectContaining({ code: 'WRONG_STATUS', message: 'This order has already been paid.' }),
    ]);
    const delivered = await deliverWebhook(
      server.url,
      STRIPE_WEBHOOK_SECRET,
      stripe.eventFor(card.paymentId, 'payment_intent.succeeded'),
    );
    expect(delivered.status).toBe(200);
    expect(await eventTypes(ref.orderId)).toContain('payment_needs_attention');

    const refunded = (await admin.query(REFUND_EXTRA, { orderId: ref.orderId, paymentId: card.paymentId })).data!
      .refundExtraCharge;
    expect(refunded.userErrors).toEqual([]);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === card.paymentId)).toEqual([
      expect.objectContaining({ amount: 5000, status: 'succeeded' }),
    ]);
    expect(paypal.orders.find((order) => order.id === paymentId)!.purchase_units[0].payments!.refunds ?? []).toEqual([]);
    expect(await orderRow(ref.orderId)).toMatchObject({ status: 'Paid', provider: 'paypal', paymentId });
  });
});

describe('PayPal beside the offline sandbox', () => {
  let sandboxShop: TestServer;
  beforeAll(async () => {
    sandboxShop = await startTestServer(paypalEnv(paypal));
  });
  afterAll(() => sandboxShop?.close());

  it('takes the test card from a parent who pressed PayPal first and cancelled', async () => {
    const client = new GraphQLClient(sandboxShop.url);
    const config = await client.query('{ shopConfig { paymentProviders } }');
    expect(config.data!.shopConfig.paymentProviders).toEqual(['sandbox', 'paypal']);
    const ref = await placeOrder(client, printedOrder());
    expect((await client.query(START, { ...ref, provider: 'paypal' })).data!.startPayment.userErrors).toEqual([]);
    const card = (await client.query(START, ref)).data!.startPayment;
    expect(card).toMatchObject({ provider: 'sandbox', userErrors: [] });
    const confirmed = await client.query(CONFIRM_SANDBOX, {
      ...ref,
      paymentId: card.paymentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(confirmed.data!.confirmSandboxPayment).toEqual({ succeeded: true, userErrors: [] });
    const recorded = (await client.query(RECORD, { ...ref, paymentId: card.paymentId, provider: 'sandbox' })).data!.recordPayment;
    expect(recorded.order.status).toBe('Paid');
  });
});
