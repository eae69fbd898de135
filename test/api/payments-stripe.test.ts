/**
 * Stripe, through the real app, against a local fake of Stripe's REST API; webhooks are
 * signed with the SDK's test-header helper.
 */
import { placeOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

const WEBHOOK_SECRET = 'whsec_test_storybook';
let fake: FakeStripe;
let server: TestServer;
let client: GraphQLClient;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_storybook',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  client = new GraphQLClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const orderRow = async (id: string) =>
  (await server.dataSource.query('SELECT status, payment_id, paid_at FROM orders WHERE id = $1', [id]))[0];
const paidEvents = async (id: string) =>
  (await server.dataSource.query(`SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND type = 'paid'`, [id]))[0].n;
const emails = async (id: string) =>
  (await server.dataSource.query('SELECT count(*)::int AS n FROM outbox_emails WHERE order_id = $1', [id]))[0].n;

async function startedOrder() {
  const ref = await placeOrder(client);
  const response = await client.query(START_PAYMENT, ref);
  return { ...ref, ...response.data!.startPayment };
}

describe('paying with Stripe', () => {
  it('creates a PaymentIntent for the catalogue amount, with the order in its metadata and an idempotency key', async () => {
    const started = await startedOrder();
    expect(started).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_storybook', amountCents: 2500, currency: 'USD', userErrors: [] });
    expect(started.clientSecret).toMatch(/^pi_.+_secret_/);
    const intent = fake.intents.get(started.paymentId)!;
    expect(intent).toMatchObject({ amount: 2500, currency: 'usd', metadata: { orderId: started.orderId } });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.at(-1)!.idempotencyKey).toBe(`order-${started.orderId}`);

    const again = await client.query(START_PAYMENT, { orderId: started.orderId, checkoutToken: started.checkoutToken });
    expect(again.data!.startPayment.paymentId).toBe(started.paymentId);
  });

  it('marks the order Paid only once Stripe says the intent succeeded', async () => {
    const { orderId, checkoutToken, paymentId } = await startedOrder();
    const early = await client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId });
    expect(early.data!.recordPayment.userErrors[0].message).toBe('Your payment has not gone through yet.');
    expect((await orderRow(orderId)).status).toBe('Pending');

    fake.succeed(paymentId);
    const recorded = await client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId });
    expect(recorded.data!.recordPayment).toEqual({ order: { id: orderId, status: 'Paid', amountCents: 2500 }, userErrors: [] });
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', payment_id: paymentId });
    expect(await emails(orderId)).toBe(1);
  });

  it('refuses a payment whose amount received or currency differs from the order', async () => {
    for (const change of [{ amountReceived: 100 }, { currency: 'eur' }]) {
      const { orderId, checkoutToken, paymentId } = await startedOrder();
      fake.succeed(paymentId, change);
      const recorded = await client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId });
      expect(recorded.data!.recordPayment.userErrors[0].message).toBe('This payment does not match your order.');
      expect((await orderRow(orderId)).status).toBe('Pending');
      expect(await emails(orderId)).toBe(0);
    }
  });

  it('refuses a PaymentIntent that belongs to another order, and one payment for two orders', async () => {
    const first = await startedOrder();
    const second = await startedOrder();
    fake.succeed(first.paymentId);
    const crossed = await client.query(RECORD_PAYMENT, { orderId: second.orderId, checkoutToken: second.checkoutToken, paymentId: first.paymentId });
    expect(crossed.data!.recordPayment.userErrors[0].message).toBe('This payment does not match your order.');

    // Even if the intent is made to name the second order after paying for the first:
    await client.query(RECORD_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken, paymentId: first.paymentId });
    fake.setMetadataOrderId(first.paymentId, second.orderId);
    const reused = await client.query(RECORD_PAYMENT, { orderId: second.orderId, checkoutToken: second.checkoutToken, paymentId: first.paymentId });
    expect(reused.data!.recordPayment.userErrors[0].message).toBe('This payment has already been used for another order.');
    expect((await orderRow(second.orderId)).status).toBe('Pending');
  });
});

describe('the Stripe webhook', () => {
  it('marks the order Paid from payment_intent.succeeded, even if the customer closed the tab', async () => {
    const { orderId, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    const response = await deliverWebhook(server.url, WEBHOOK_SECRET, fake.eventFor(paymentId));
    expect(response.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', payment_id: paymentId });
    const [event] = await server.dataSource.query(`SELECT actor FROM order_events WHERE order_id = $1 AND type = 'paid'`, [orderId]);
    expect(event.actor).toBe('stripe-webhook');
    expect(await emails(orderId)).toBe(1);
  });

  it('handles a replayed event once', async () => {
    const { orderId, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    const event = fake.eventFor(paymentId);
    for (let i = 0; i < 3; i++) expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM payment_events WHERE id = $1', [event.id]);
    expect(n).toBe(1);
    expect(await paidEvents(orderId)).toBe(1);
    expect(await emails(orderId)).toBe(1);
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const { orderId, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    const event = fake.eventFor(paymentId);
    const forged = await deliverWebhook(server.url, 'whsec_someone_else', event);
    expect(forged.status).toBe(400);
    const unsigned = await deliverWebhook(server.url, WEBHOOK_SECRET, event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect((await orderRow(orderId)).status).toBe('Pending');
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM payment_events WHERE id = $1', [event.id]);
    expect(n).toBe(0);
  });

  it('does not pay an order from a webhook whose intent was not paid in full', async () => {
    const { orderId, paymentId } = await startedOrder();
    fake.succeed(paymentId, { amountReceived: 1 });
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.eventFor(paymentId))).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('Pending');
  });

  it('leaves one Paid order with one payment id when recordPayment and the webhook race', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderId, checkoutToken, paymentId } = await startedOrder();
      fake.succeed(paymentId);
      const event = fake.eventFor(paymentId);
      const [recorded, hook] = await Promise.all([
        client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId }),
        deliverWebhook(server.url, WEBHOOK_SECRET, event),
      ]);
      expect(recorded.data!.recordPayment.userErrors).toEqual([]);
      expect(hook.status).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', payment_id: paymentId });
      expect(await paidEvents(orderId)).toBe(1);
      expect(await emails(orderId)).toBe(1);
    }
  });
});
