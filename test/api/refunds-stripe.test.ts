/**
 * Refunds through Stripe's Refunds API (a local fake of it) and its refund webhooks: one refund
 * per order whatever is retried (the shop's own claim on the payment, not the fake's kindness),
 * each provider refund recorded once, a pending refund settled by its webhook, a failed one never
 * leaving the order Refunded, a full refund made in Stripe's dashboard moving the order, a
 * partial one only recorded.
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
    'SELECT provider_refund_id, amount_cents, actor, status FROM refunds WHERE order_id = $1 ORDER BY created_at',
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
  it("names STRIPE_SECRET_KEY when Stripe refuses the shop's key, and refunds nothing", async () => {
    const { orderId } = await paidOrder();
    const key = fake.secretKey;
    fake.useSecretKey('sk_test_rolled_in_the_dashboard');
    try {
      const refused = (await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' })).data!.refundOrder;
      expect(refused).toEqual({
        order: null,
        userErrors: [
          {
            code: 'PAYMENT_ACCOUNT_RESTRICTED',
            field: null,
            message:
              "The payment provider refused the shop's API key or account, so nothing was refunded. Check the payment settings (STRIPE_SECRET_KEY) and try again.",
          },
        ],
      });
    } finally {
      fake.useSecretKey(key);
    }
    expect(await state(orderId)).toMatchObject({ status: 'Paid', refunds: [] });
  });

  it('refunds the payment in full once, with a key naming its refund record, and marks the order Refunded', async () => {
    const { orderId, paymentId } = await paidOrder();
    const before = refundRequests().length;
    const response = await admin.query(REFUND, { orderId, reason: 'The book arrived damaged.' });
    expect(response.data!.refundOrder.userErrors).toEqual([]);
    expect(response.data!.refundOrder.order.status).toBe('Refunded');

    const calls = refundRequests().slice(before);
    expect(calls).toHaveLength(1);
    const [{ id: rowId }] = await server.dataSource.query('SELECT id FROM refunds WHERE order_id = $1', [orderId]);
    expect(calls[0].idempotencyKey).toBe(`refund-${rowId}`);
    expect(calls[0].body).toMatchObject({ payment_intent: paymentId, amount: '5000', metadata: { refund_request: rowId } });
    const [refund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    const after = await state(orderId);
    expect(after.refunds).toEqual([
      { provider_refund_id: refund.id, amount_cents: 5000, actor: 'admin:admin@example.com', status: 'succeeded' },
    ]);
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

  it('a partial refund whose answer was lost must be settled before another amount is asked for', async () => {
    const { orderId, paymentId } = await paidOrder();
    const PART = `mutation($orderId: ID!, $reason: String!, $amountCents: Int) {
      refundOrder(orderId: $orderId, reason: $reason, amountCents: $amountCents) { order { status refundableCents } userErrors { code field message } }
    }`;
    fake.failNext({ count: 3, afterProcessing: true });
    const lost = await admin.query(PART, { orderId, reason: 'Late', amountCents: 1000 });
    expect(lost.data!.refundOrder.userErrors[0]).toMatchObject({ code: 'INTERNAL_FAILURE' });

    const other = await admin.query(PART, { orderId, reason: 'Late', amountCents: 2000 });
    expect(other.data!.refundOrder.userErrors).toEqual([
      {
        code: 'WRONG_STATUS',
        field: 'amountCents',
        message:
          'An earlier refund of $10.00 on this payment has no answer from the provider yet: refund $10.00 again first (it is never made twice).',
      },
    ]);
    const same = await admin.query(PART, { orderId, reason: 'Late', amountCents: 1000 });
    expect(same.data!.refundOrder).toEqual({ order: { status: 'Paid', refundableCents: 4000 }, userErrors: [] });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId).map((r) => r.amount)).toEqual([1000]);
  });

  it('two refunds at once send one request to Stripe: the second is refused while the first is under way', async () => {
    const { orderId, paymentId } = await paidOrder();
    const before = refundRequests().length;
    const held = fake.hold('/v1/refunds');
    const first = admin.query(REFUND, { orderId, reason: 'Double click' });
    await held.arrived; // the first request is at Stripe, unanswered
    const second = await admin.query(REFUND, { orderId, reason: 'Double click' }).finally(() => held.release());
    expect(second.data!.refundOrder).toEqual({
      order: null,
      userErrors: [
        {
          code: 'WRONG_STATUS',
          field: null,
          message: 'A refund of this payment is already being made. Refresh the order in a moment.',
        },
      ],
    });
    expect(refundRequests()).toHaveLength(before + 1);
    expect((await first).data!.refundOrder.order.status).toBe('Refunded');

    expect(refundRequests()).toHaveLength(before + 1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    const after = await state(orderId);
    expect(after.refunds).toHaveLength(1);
    expect(after.emails.filter((t: string) => t === 'refund-confirmation')).toHaveLength(1);
  });

  it('two refunds sent in the same instant still send one request', async () => {
    const { orderId, paymentId } = await paidOrder();
    const before = refundRequests().length;
    const results = await Promise.all([
      admin.query(REFUND, { orderId, reason: 'Double click' }),
      admin.query(REFUND, { orderId, reason: 'Double click' }),
    ]);
    expect(results.map((r) => r.data!.refundOrder.order?.status ?? r.data!.refundOrder.userErrors[0].code)).toContain('Refunded');
    expect(refundRequests()).toHaveLength(before + 1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    expect((await state(orderId)).emails.filter((t: string) => t === 'refund-confirmation')).toHaveLength(1);
  });

  it('a 500 that Stripe saved under the key does not block the refund for a day: the retry looks first, then asks anew', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.failNext({ count: 1, status: 500 }); // saved under the key and replayed, as Stripe does
    const failed = await admin.query(REFUND, { orderId, reason: 'Damaged' });
    expect(failed.data!.refundOrder.userErrors[0]).toMatchObject({ code: 'INTERNAL_FAILURE' });
    expect((await state(orderId)).refunds).toEqual([
      { provider_refund_id: null, amount_cents: 5000, actor: 'admin:admin@example.com', status: 'unconfirmed' },
    ]);

    const retried = await admin.query(REFUND, { orderId, reason: 'Damaged' });
    expect(retried.data!.refundOrder.order.status).toBe('Refunded');
    const keys = refundRequests()
      .filter((r) => r.body.payment_intent === paymentId)
      .map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    expect((await state(orderId)).refunds).toMatchObject([{ amount_cents: 5000, status: 'succeeded' }]);
  });
});

const ADMIN_REFUNDS = `query($id: ID!) { order(id: $id) { status refunds { amountCents status failureReason } } }`;

describe('a refund Stripe makes later (pending), or not at all (failed)', () => {
  afterEach(() => {
    fake.refundsPending = false;
  });

  it('records a pending refund as pending, and the webhook moves the order to Refunded once it succeeded', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundsPending = true;
    const response = await admin.query(REFUND, { orderId, reason: 'Damaged' });
    expect(response.data!.refundOrder.userErrors).toEqual([]);
    expect(response.data!.refundOrder.order.status).toBe('Paid');
    expect((await admin.query(ADMIN_REFUNDS, { id: orderId })).data!.order).toEqual({
      status: 'Paid',
      refunds: [{ amountCents: 5000, status: 'pending', failureReason: null }],
    });
    expect((await state(orderId)).emails).toEqual(['order-confirmation']);

    // Another refund meanwhile is refused before Stripe is asked.
    const before = refundRequests().length;
    const again = await admin.query(REFUND, { orderId, reason: 'Again' });
    expect(again.data!.refundOrder.userErrors[0].message).toBe(
      'A refund of this payment is waiting at the payment provider; the order moves to Refunded once the money has gone back.',
    );
    expect(refundRequests()).toHaveLength(before);

    const [refund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    const event = fake.settleRefund(refund.id, 'succeeded');
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200); // redelivered
    const after = await state(orderId);
    expect(after.status).toBe('Refunded');
    expect(after.refunds).toEqual([
      { provider_refund_id: refund.id, amount_cents: 5000, actor: 'admin:admin@example.com', status: 'succeeded' },
    ]);
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);
    const [email] = await server.dataSource.query(
      `SELECT text FROM outbox_emails WHERE order_id = $1 AND template = 'refund-confirmation'`,
      [orderId],
    );
    expect(email.text).toContain('Damaged');
  });

  it('a pending refund that fails leaves the order as it was, shows the admin why, and can be refunded again', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundsPending = true;
    await admin.query(REFUND, { orderId, reason: 'Damaged' });
    const [refund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    const event = fake.settleRefund(refund.id, 'failed', { failureReason: 'expired_or_canceled_card' });
    expect(event.type).toBe('refund.failed');
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);

    const after = await state(orderId);
    expect(after.status).toBe('Paid');
    expect(after.events.at(-1)).toBe('refund_failed');
    expect(after.emails).toEqual(['order-confirmation']);
    expect((await admin.query(ADMIN_REFUNDS, { id: orderId })).data!.order.refunds).toEqual([
      { amountCents: 5000, status: 'failed', failureReason: 'expired_or_canceled_card' },
    ]);

    // The money is back with the shop: refunding again is a new refund, under a key of its own.
    fake.refundsPending = false;
    const again = await admin.query(REFUND, { orderId, reason: 'Second try' });
    expect(again.data!.refundOrder.order.status).toBe('Refunded');
    const keys = refundRequests()
      .filter((r) => r.body.payment_intent === paymentId)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect((await state(orderId)).refunds.map((r: { status: string }) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('a refund that fails after it succeeded moves a Refunded order back to where it was, for the admin to see', async () => {
    const { orderId, paymentId } = await paidOrder();
    await admin.query(REFUND, { orderId, reason: 'Damaged' });
    expect((await state(orderId)).status).toBe('Refunded');
    const [refund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentId);
    const event = fake.settleRefund(refund.id, 'failed', { failureReason: 'lost_or_stolen_card' });
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);

    const after = await state(orderId);
    expect(after.status).toBe('Paid');
    expect(after.events.slice(-2)).toEqual(['refunded', 'refund_failed']);
    const [order] = await server.dataSource.query('SELECT refunded_at FROM orders WHERE id = $1', [orderId]);
    expect(order.refunded_at).toBeNull();
    expect((await admin.query(ADMIN_REFUNDS, { id: orderId })).data!.order).toEqual({
      status: 'Paid',
      refunds: [{ amountCents: 5000, status: 'failed', failureReason: 'lost_or_stolen_card' }],
    });
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
    expect(after.refunds).toEqual([
      { provider_refund_id: refund.id, amount_cents: 5000, actor: 'stripe-webhook', status: 'succeeded' },
    ]);
    expect(after.events.filter((t: string) => t === 'refunded')).toHaveLength(1);
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);
  });

  it('records a partial refund as an event and a refund, e-mails the parent the amount, and keeps the status', async () => {
    const { orderId, paymentId } = await paidOrder();
    const refund = fake.refundInDashboard(paymentId, { amount: 1500 });
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(paymentId))).status).toBe(200);
    const after = await state(orderId);
    expect(after.status).toBe('Paid');
    expect(after.refunds).toEqual([
      { provider_refund_id: refund.id, amount_cents: 1500, actor: 'stripe-webhook', status: 'succeeded' },
    ]);
    expect(after.events.at(-1)).toBe('partial_refund');
    expect(after.emails).toEqual(['order-confirmation', 'refund-confirmation']);
    const [email] = await server.dataSource.query(
      `SELECT subject FROM outbox_emails WHERE order_id = $1 AND template = 'refund-confirmation'`,
      [orderId],
    );
    expect(email.subject).toBe('Your refund of $15.00 is on its way');

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
    const [extraRow] = await server.dataSource.query('SELECT id FROM refunds WHERE payment_id = $1', [created.id]);
    expect(refundRequests().at(-1)!.idempotencyKey).toBe(`refund-${extraRow.id}`);
    expect((await admin.query(ALERTS, { id: orderId })).data!.order).toEqual({ status: 'Paid', paymentAlerts: [] });

    // Its webhook records nothing more.
    const before = await state(orderId);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, fake.chargeRefundedEvent(created.id))).status).toBe(200);
    expect(await state(orderId)).toEqual(before);
    expect(before.events.filter((t: string) => t === 'extra_charge_refunded')).toHaveLength(1);
  });
});
