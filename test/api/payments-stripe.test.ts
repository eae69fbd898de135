/**
 * Stripe, through the real app, against a local fake of Stripe's REST API; webhooks are
 * signed with the SDK's test-header helper.
 */
import { placeOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { itOnPostgres, sessionsWaitingForLocks } from '../support/postgres-only';
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
    expect(started).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_storybook',
      amountCents: 2500,
      currency: 'USD',
      userErrors: [],
    });
    expect(started.clientSecret).toMatch(/^pi_.+_secret_/);
    const intent = fake.intents.get(started.paymentId)!;
    expect(intent).toMatchObject({ amount: 2500, currency: 'usd', metadata: { orderId: started.orderId } });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    // The key names what it promises: the order, its amount and currency.
    expect(creates.at(-1)!.idempotencyKey).toBe(`order-${started.orderId}-2500-usd`);

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
    const crossed = await client.query(RECORD_PAYMENT, {
      orderId: second.orderId,
      checkoutToken: second.checkoutToken,
      paymentId: first.paymentId,
    });
    expect(crossed.data!.recordPayment.userErrors[0].message).toBe('This payment does not match your order.');

    // Even if the intent is made to name the second order after paying for the first:
    await client.query(RECORD_PAYMENT, {
      orderId: first.orderId,
      checkoutToken: first.checkoutToken,
      paymentId: first.paymentId,
    });
    fake.setMetadataOrderId(first.paymentId, second.orderId);
    const reused = await client.query(RECORD_PAYMENT, {
      orderId: second.orderId,
      checkoutToken: second.checkoutToken,
      paymentId: first.paymentId,
    });
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
    const [event] = await server.dataSource.query(`SELECT actor FROM order_events WHERE order_id = $1 AND type = 'paid'`, [
      orderId,
    ]);
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

const UPDATE_ORDER = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!) {
  updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input) {
    order { amountCents } userErrors { field message }
  }
}`;

// Stripe keeps every idempotency key for 24 hours: none of these tests forgets them.
describe('starting again within the day, under the keys Stripe still holds', () => {
  it('a parent who switches format after starting to pay gets a PaymentIntent for the new amount', async () => {
    const first = await startedOrder();
    expect(first.amountCents).toBe(2500);

    const switched = await client.query(UPDATE_ORDER, {
      orderId: first.orderId,
      checkoutToken: first.checkoutToken,
      input: printedOrder(),
    });
    expect(switched.data!.updatePendingOrder).toEqual({ order: { amountCents: 5000 }, userErrors: [] });
    const printed = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect(printed.errors).toBeUndefined();
    expect(printed.data!.startPayment).toMatchObject({ amountCents: 5000, userErrors: [] });
    expect(printed.data!.startPayment.paymentId).not.toBe(first.paymentId);
    expect(fake.intents.get(printed.data!.startPayment.paymentId)).toMatchObject({
      amount: 5000,
      currency: 'usd',
      metadata: { orderId: first.orderId },
    });

    // And back: the digital book's payment is the one started for that amount, still payable.
    await client.query(UPDATE_ORDER, { orderId: first.orderId, checkoutToken: first.checkoutToken, input: digitalOrder() });
    const back = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect(back.data!.startPayment).toMatchObject({ amountCents: 2500, paymentId: first.paymentId, userErrors: [] });

    // Paying it pays the order.
    fake.succeed(first.paymentId);
    const recorded = await client.query(RECORD_PAYMENT, {
      orderId: first.orderId,
      checkoutToken: first.checkoutToken,
      paymentId: first.paymentId,
    });
    expect(recorded.data!.recordPayment.order).toEqual({ id: first.orderId, status: 'Paid', amountCents: 2500 });
  });

  it('cancels the intent of the old amount when a discount code changes the price, and refuses a code once Stripe took the money', async () => {
    await server.dataSource.query(
      `INSERT INTO discount_codes (id, code, amount_off_cents, created_by_email) VALUES (gen_random_uuid(), 'STRIPE5', 500, 'owner@example.com')`,
    );
    const APPLY = `mutation($orderId: ID!, $checkoutToken: String!, $code: String!) {
      applyDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken, code: $code) { order { amountCents } userErrors { code message } }
    }`;
    const first = await startedOrder();
    const ref = { orderId: first.orderId, checkoutToken: first.checkoutToken };
    expect((await client.query(APPLY, { ...ref, code: 'stripe5' })).data!.applyDiscountCode).toEqual({
      order: { amountCents: 2000 },
      userErrors: [],
    });
    const restarted = (await client.query(START_PAYMENT, ref)).data!.startPayment;
    expect(restarted).toMatchObject({ amountCents: 2000, userErrors: [] });
    expect(restarted.paymentId).not.toBe(first.paymentId);
    // The old intent can no longer take $25 from a page still open elsewhere.
    expect(fake.intents.get(first.paymentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(fake.intents.get(restarted.paymentId)).toMatchObject({ amount: 2000, status: 'requires_payment_method' });

    fake.succeed(restarted.paymentId);
    expect((await client.query(APPLY, { ...ref, code: 'STRIPE5' })).data!.applyDiscountCode.userErrors).toEqual([
      { code: 'WRONG_STATUS', message: 'A payment for this order is already under way, so its price cannot change now.' },
    ]);
    const recorded = await client.query(RECORD_PAYMENT, { ...ref, paymentId: restarted.paymentId });
    expect(recorded.data!.recordPayment.order).toEqual({ id: first.orderId, status: 'Paid', amountCents: 2000 });
  });

  it('never hands back a canceled PaymentIntent: a new one, under another key', async () => {
    const first = await startedOrder();
    fake.setStatus(first.paymentId, 'canceled');

    const again = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    const { paymentId, clientSecret } = again.data!.startPayment;
    expect(paymentId).not.toBe(first.paymentId);
    expect(clientSecret).not.toBe(first.clientSecret);
    expect(fake.intents.get(paymentId)).toMatchObject({ status: 'requires_payment_method', amount: 2500 });
    const keys = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.metadata)
      .filter((r) => (r.body.metadata as Record<string, string>).orderId === first.orderId)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`order-${first.orderId}-2500-usd`, `order-${first.orderId}-2500-usd-after-${first.paymentId}`]);

    // Canceled again later: the canceled replacement is not handed back either.
    fake.setStatus(paymentId, 'canceled');
    const third = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect([first.paymentId, paymentId]).not.toContain(third.data!.startPayment.paymentId);
    expect(fake.intents.get(third.data!.startPayment.paymentId)!.status).toBe('requires_payment_method');
  });

  it('never hands back a PaymentIntent that names another order', async () => {
    const first = await startedOrder();
    const other = await startedOrder();
    fake.setMetadataOrderId(first.paymentId, other.orderId);

    const again = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect(again.data!.startPayment.paymentId).not.toBe(first.paymentId);
    expect(fake.intents.get(again.data!.startPayment.paymentId)!.metadata.orderId).toBe(first.orderId);
  });
});

describe('a secret key Stripe refuses (revoked, or another account)', () => {
  it("gives the customer the spec's account message and the operator a log line naming the setting, never a bare 500", async () => {
    const lines: string[] = [];
    const refused = await startTestServer(
      {
        STRIPE_SECRET_KEY: 'sk_test_revoked_key',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        LOG_LEVEL: 'info',
      },
      { logDestination: { write: (line: string) => lines.push(line) } },
    );
    try {
      const parent = new GraphQLClient(refused.url);
      const ref = await placeOrder(parent);
      const started = await parent.query(START_PAYMENT, ref);
      expect(started.errors).toBeUndefined();
      expect(started.data!.startPayment.userErrors[0].message).toMatch(/^PayPal account issue:/);
      const recorded = await parent.query(RECORD_PAYMENT, { ...ref, paymentId: 'pi_FromAnotherTab123' });
      expect(recorded.errors).toBeUndefined();
      expect(recorded.data!.recordPayment.userErrors[0].message).toMatch(/^PayPal account issue:/);

      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const refusals = logged.filter((entry) => entry.msg === 'payment provider refused the API key');
      expect(refusals).toHaveLength(2);
      expect(refusals[0]).toMatchObject({ code: 'authentication' });
      expect(String(refusals[0].detail)).toMatch(/^Stripe refused STRIPE_SECRET_KEY \(401/);
      expect(lines.join('\n')).not.toContain('sk_test_revoked_key');
    } finally {
      await refused.close();
    }
  });
});

describe('what Stripe may do a day later', () => {
  it("resumes the order's PaymentIntent after Stripe has forgotten the idempotency key, and starts anew only if it was canceled", async () => {
    const first = await startedOrder();
    fake.forgetIdempotencyKeys();
    const again = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect(again.data!.startPayment).toMatchObject({ paymentId: first.paymentId, clientSecret: first.clientSecret });
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === first.orderId)).toHaveLength(1);

    fake.setStatus(first.paymentId, 'canceled');
    fake.forgetIdempotencyKeys();
    const fresh = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: first.checkoutToken });
    expect(fresh.data!.startPayment.paymentId).not.toBe(first.paymentId);
  });

  it('never drops a second charge for a paid order: the order keeps its payment, and its history asks for a refund', async () => {
    const { orderId, checkoutToken, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    await client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId });

    // A second intent for the same order, paid (a stale tab with an old client secret, say).
    const created = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_storybook', 'content-type': 'application/x-www-form-urlencoded' },
      body: `amount=2500&currency=usd&metadata[orderId]=${orderId}`,
    });
    const second = ((await created.json()) as { id: string }).id;
    fake.succeed(second);
    const event = fake.eventFor(second);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);

    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', payment_id: paymentId });
    const flagged = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'payment_needs_attention'`,
      [orderId],
    );
    expect(flagged).toEqual([
      { data: { paymentId: second, provider: 'stripe', reason: 'This order has already been paid.', amountCents: 2500 } },
    ]);
  });

  it('answers 500 when handling fails, so Stripe retries, and handles the retry', async () => {
    const { orderId, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    const event = fake.eventFor(paymentId);
    fake.failNext({ count: 3 }); // the SDK's own retries fail too
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(500);
    expect((await orderRow(orderId)).status).toBe('Pending');
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM payment_events WHERE id = $1', [event.id]);
    expect(n).toBe(0);

    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Paid', payment_id: paymentId });
  });

  it("shows the spec's account message when Stripe refuses the shop's own account", async () => {
    const ref = await placeOrder(client);
    fake.failNext({ status: 403 });
    const response = await client.query(START_PAYMENT, ref);
    expect(response.data!.startPayment.userErrors).toEqual([
      {
        field: null,
        message:
          'PayPal account issue: Your PayPal business account has restrictions. Please check your PayPal account settings and verify your account.',
      },
    ]);
  });

  // On PostgreSQL the two paths really run at once: the order row is held so that both must wait
  // for it (seen in pg_locks) and then find the other's work.
  itOnPostgres('serialises recordPayment and the webhook on the order row', async () => {
    const { orderId, checkoutToken, paymentId } = await startedOrder();
    fake.succeed(paymentId);
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    const both = Promise.all([
      client.query(RECORD_PAYMENT, { orderId, checkoutToken, paymentId }),
      deliverWebhook(server.url, WEBHOOK_SECRET, fake.eventFor(paymentId)),
    ]);
    let waiting: number;
    try {
      waiting = await sessionsWaitingForLocks(server.dataSource, 2);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    expect(waiting).toBe(2);
    const [recorded, hook] = await both;
    expect(recorded.data!.recordPayment.userErrors).toEqual([]);
    expect(hook.status).toBe(200);
    expect(await paidEvents(orderId)).toBe(1);
    expect(await emails(orderId)).toBe(1);
  });
});
