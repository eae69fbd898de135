/**
 * Refunds through Stripe's Refunds API (a local fake of it) and its `charge.refunded` webhook:
 * one refund per order whatever is retried, each provider refund recorded once, a full refund
 * made in Stripe's dashboard moving the order, a partial one only recorded.
 */
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

const WEBHOOK_SECRET = 'whsec_test_storybook';
let fake: FakeStripe;
let server: TestServer;
let admin: GraphQLClient;
let customer: GraphQLClient;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_storybook',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  customer = new GraphQLClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const REFUND = `mutation($orderId: ID!, $reason: String!) {
  refundOrder(orderId: $orderId, reason: $reason) { order { id status refundedAt } userErrors { code field message } }
}`;
const REFUND_EXTRA = `mutation($orderId: ID!, $paymentId: String!) {
  refundExtraCharge(orderId: $orderId, paymentId: $paymentId) { order { id status } userErrors { code field message } }
}`;
const ALERTS = `query($id: ID!) { order(id: $id) { status paymentAlerts { paymentId amountCents } } }`;

async function paidOrder(): Promise<{ orderId: string; paymentId: string }> {
  const ref = await placeOrder(customer, printedOrder());
  const { paymentId } = (await customer.query(START_PAYMENT, ref)).data!.startPayment;
  fake.succeed(paymentId);
  await customer.query(RECORD_PAYMENT, { ...ref, paymentId });
  return { orderId: ref.orderId, paymentId };
}

const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const state = async (orderId: string) => ({
  status: (await server.dataSource.query('SELECT status FROM orders WHERE id = $1', [orderId]))[0].status,
  refunds: await server.dataSource.query(
    'SELECT provider_refund_id, amount_cents, actor FROM refunds WHERE order_id = $1 ORDER BY created_at',
    [orderId],
  ),
  events: (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at', [orderId])).map(
    (e: { type: string }) => e.type,
  ),
  emails: (
    await server.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1 ORDER BY created_at', [orderId])
  ).map((e: { template: string }) => e.template),
});

describe('refunding an order through Stripe', () => {
  it('refunds the payment in full once, with a key derived from the order, and marks the order Refunded', async () => {
    const { orderId, paymentId } = await paidOrder();
    const before = refundRequests().length;
    const response = await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' });
    expect(response.data!.refundOrder.userErrors).toEqual([]);
    expect(response.data!.refundOrder.order.status).toBe('Refunded');

    const calls = refundRequests().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].idempotencyKey).toBe(`refund-order-${orderId}-5000`);
    expect(calls[0].body).toMatchObject({ payment_intent: paymentId, amount: '5000' });
    const [refund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    const after = await state(orderId);
    expect(after.refunds).toEqual([{ provider_refund_id: refund.id, amount_cents: 5000, actor: 'admin:admin@example.com' }]);
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);

    // A second refund is refused before Stripe is asked.
    const again = await admin.query(REFUND, { orderId, reason: 'Again' });
    expect(again.data!.refundOrder.userErrors[0]).toMatchObject({
      code: 'WRONG_STATUS',
      message: 'This order has been refunded.',
    });
    expect(refundRequests()).toHaveLength(before + 1);

    // Our own refund, seen again in the webhook, is recorded once and moves nothing.
    const response2 = await deliverWebhook(server.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId));
    expect(response2.status).toBe(200);
    expect(await state(orderId)).toEqual(after);
  });

  it('a refund that went through at Stripe but whose answer was lost is the same refund when retried', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.failNext({ count: 3, afterProcessing: true }); // every retry of the SDK loses its answer too
    const lost = await admin.query(REFUND, { orderId, reason: 'Duplicate order.' });
    expect(lost.data!.refundOrder.userErrors[0]).toMatchObject({ code: 'INTERNAL_FAILURE' });
    expect((await state(orderId)).status).toBe('Paid');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);

    const retried = await admin.query(REFUND, { orderId, reason: 'Duplicate order.' });
    expect(retried.data!.refundOrder.order.status).toBe('Refunded');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    expect((await state(orderId)).refunds).toHaveLength(1);
  });

  it('two refunds at once refund once', async () => {
    const { orderId, paymentId } = await paidOrder();
    const results = await Promise.all([
      admin.query(REFUND, { orderId, reason: 'Double click' }),
      admin.query(REFUND, { orderId, reason: 'Double click' }),
    ]);
    expect(results.map((r) => r.data!.refundOrder.order?.status ?? r.data!.refundOrder.userErrors[0].code)).toContain('Refunded');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    const after = await state(orderId);
    expect(after.refunds).toHaveLength(1);
    expect(after.emails.filter((t: string) => t === 'refund-confirmation')).toHaveLength(1);
  });
});

describe("Stripe's charge.refunded webhook", () => {
  it("moves the order to Refunded on a full refund made in Stripe's dashboard, once per event", async () => {
    const { orderId, paymentId } = await paidOrder();
    const refund = fake.refundInDashboard(paymentId);
    const event = fake.chargeRefundedEvent(paymentId);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200); // redelivered

    const after = await state(orderId);
    expect(after.status).toBe('Refunded');
    expect(after.refunds).toEqual([{ provider_refund_id: refund.id, amount_cents: 5000, actor: 'stripe-webhook' }]);
    expect(after.events.filter((t: string) => t === 'refunded')).toHaveLength(1);
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);
  });

  it('records a partial refund as an event and a refund, without changing the status', async () => {
    const { orderId, paymentId } = await paidOrder();
    const refund = fake.refundInDashboard(paymentId, { amount: 1500 });
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId))).status).toBe(200);
    const after = await state(orderId);
    expect(after.status).toBe('Paid');
    expect(after.refunds).toEqual([{ provider_refund_id: refund.id, amount_cents: 1500, actor: 'stripe-webhook' }]);
    expect(after.events.at(-1)).toBe('partial_refund');
    expect(after.emails).toEqual(['order-confirmation']);

    // The admin's full refund then refunds what is left, under a key of its own.
    const response = await admin.query(REFUND, { orderId, reason: 'The rest, as agreed.' });
    expect(response.data!.refundOrder.order.status).toBe('Refunded');
    expect(refundRequests().at(-1)!.body).toMatchObject({ amount: '3500' });
    expect((await state(orderId)).refunds.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([1500, 3500]);
  });

  it('refunds an extra charge for a paid order once, and the alert goes', async () => {
    const { orderId } = await paidOrder();
    // A second intent for the same order (another tab, past the idempotency window), paid: the webhook flags it.
    const extra = fake.intents.size;
    const created = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_storybook', 'content-type': 'application/x-www-form-urlencoded' },
      body: `amount=5000&currency=usd&metadata[orderId]=${orderId}`,
    }).then((r) => r.json() as Promise<{ id: string }>);
    expect(fake.intents.size).toBe(extra + 1);
    fake.succeed(created.id);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.eventFor(created.id))).status).toBe(200);
    expect((await admin.query(ALERTS, { id: orderId })).data!.order.paymentAlerts).toEqual([
      { paymentId: created.id, amountCents: 5000 },
    ]);

    const response = await admin.query(REFUND_EXTRA, { orderId, paymentId: created.id });
    expect(response.data!.refundExtraCharge).toEqual({ order: { id: orderId, status: 'Paid' }, userErrors: [] });
    expect(refundRequests().at(-1)!.idempotencyKey).toBe(`refund-extra-${created.id}-5000`);
    expect((await admin.query(ALERTS, { id: orderId })).data!.order).toEqual({ status: 'Paid', paymentAlerts: [] });

    // Its webhook records nothing more.
    const before = await state(orderId);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(created.id))).status).toBe(200);
    expect(await state(orderId)).toEqual(before);
    expect(before.events.filter((t: string) => t === 'extra_charge_refunded')).toHaveLength(1);
  });
});
