/**
 * A payment for an order that was cancelled meanwhile (an admin cancelled it, or it went stale,
 * while the parent's payment page was still open): the page is told the order was cancelled,
 * and money Stripe took anyway is never lost: the order stays Cancelled, nothing is e-mailed as
 * if it were paid, and its history records the payment for an admin to refund.
 */
import { createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

const CANCEL = `mutation($orderId: ID!) { cancelOrder(orderId: $orderId) { order { status } userErrors { message } } }`;
const CANCELLED = 'This order was cancelled, so it can no longer be paid.';

async function cancel(server: TestServer, orderId: string) {
  const admin = new GraphQLClient(server.url);
  await signIn(admin);
  expect((await admin.query(CANCEL, { orderId })).data!.cancelOrder).toEqual({ order: { status: 'Cancelled' }, userErrors: [] });
}

const history = async (server: TestServer, orderId: string) =>
  (
    await server.dataSource.query('SELECT type, data FROM order_events WHERE order_id = $1 ORDER BY created_at, id', [orderId])
  ).map((e: { type: string; data: Record<string, unknown> | null }) => ({ type: e.type, paymentId: e.data?.paymentId }));
const sentTemplates = async (server: TestServer, orderId: string) =>
  (await server.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1', [orderId])).map(
    (e: { template: string }) => e.template,
  );

describe('with the payment sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await createAdmin(server);
  });
  afterAll(() => server?.close());

  it('refuses to start, confirm or record a payment, saying the order was cancelled', async () => {
    const parent = new GraphQLClient(server.url);
    const ref = await placeOrder(parent);
    const started = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
    expect(started.userErrors).toEqual([]);
    await cancel(server, ref.orderId);

    const again = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
    expect(again.userErrors).toEqual([expect.objectContaining({ message: CANCELLED })]);
    const confirmed = (
      await parent.query(CONFIRM_SANDBOX, { ...ref, paymentId: started.paymentId, cardNumber: '4242424242424242' })
    ).data!.confirmSandboxPayment;
    expect(confirmed.userErrors).toEqual([expect.objectContaining({ message: CANCELLED })]);
    const recorded = (await parent.query(RECORD_PAYMENT, { ...ref, paymentId: started.paymentId })).data!.recordPayment;
    expect(recorded).toEqual({
      order: null,
      userErrors: [expect.objectContaining({ message: CANCELLED })],
    });

    const [row] = await server.dataSource.query('SELECT status, payment_id, paid_at FROM orders WHERE id = $1', [ref.orderId]);
    expect(row).toEqual({ status: 'Cancelled', payment_id: null, paid_at: null });
    expect(await sentTemplates(server, ref.orderId)).not.toContain('order-confirmation');
  });
});

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_cancelled';
  let fake: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_storybook',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_storybook',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    await createAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('keeps the order Cancelled when Stripe took the money anyway, and records the payment for a refund', async () => {
    const parent = new GraphQLClient(server.url);
    const ref = await placeOrder(parent);
    const { paymentId } = (await parent.query(START_PAYMENT, ref)).data!.startPayment;
    await cancel(server, ref.orderId);
    fake.succeed(paymentId); // the parent paid in the tab that was still open

    const recorded = (await parent.query(RECORD_PAYMENT, { ...ref, paymentId })).data!.recordPayment;
    expect(recorded.userErrors).toEqual([expect.objectContaining({ message: CANCELLED })]);
    const event = fake.eventFor(paymentId);
    const hook = await deliverWebhook(server.url, WEBHOOK_SECRET, event);
    expect(hook.status).toBe(200);

    const [row] = await server.dataSource.query('SELECT status, payment_id FROM orders WHERE id = $1', [ref.orderId]);
    expect(row).toEqual({ status: 'Cancelled', payment_id: null });
    expect(await history(server, ref.orderId)).toEqual(expect.arrayContaining([{ type: 'payment_needs_attention', paymentId }]));
    expect((await history(server, ref.orderId)).map((e: { type: string }) => e.type)).not.toContain('paid');
    expect(await sentTemplates(server, ref.orderId)).not.toContain('order-confirmation');

    // Stripe's retry of the same event changes nothing.
    expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    expect(
      (await history(server, ref.orderId)).filter((e: { type: string }) => e.type === 'payment_needs_attention'),
    ).toHaveLength(1);
  });
});
