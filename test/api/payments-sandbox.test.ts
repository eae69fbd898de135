import { ADMIN_EMAIL, createAdmin, signIn } from '../support/admin';
import { CONFIRM_SANDBOX, placeOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let client: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new GraphQLClient(server.url);
  await createAdmin(server);
});
afterAll(() => server?.close());

const orderRow = async (id: string) =>
  (await server.dataSource.query('SELECT status, payment_id, payment_provider, paid_at FROM orders WHERE id = $1', [id]))[0];
const events = async (id: string) =>
  server.dataSource.query(
    'SELECT type, from_status, to_status, actor FROM order_events WHERE order_id = $1 ORDER BY created_at, type',
    [id],
  );
const outbox = async (id: string) =>
  server.dataSource.query('SELECT template, to_address, subject, status, text, html FROM outbox_emails WHERE order_id = $1', [
    id,
  ]);

async function start(ref: { orderId: string; checkoutToken: string }) {
  const response = await client.query(START_PAYMENT, ref);
  return response.data!.startPayment;
}

describe('the sandbox payment provider', () => {
  it('is the default without Stripe keys, and says so to the storefront', async () => {
    const response = await client.query('{ shopConfig { paymentProvider pixelId } }');
    expect(response.data!.shopConfig).toEqual({ paymentProvider: 'sandbox', pixelId: null });
  });

  it('pays with 4242 4242 4242 4242: Paid once, with its event and the confirmation e-mail in the outbox', async () => {
    const ref = await placeOrder(client);
    const started = await start(ref);
    expect(started).toMatchObject({
      provider: 'sandbox',
      amountCents: 2500,
      currency: 'USD',
      clientSecret: null,
      userErrors: [],
    });
    expect(started.paymentId).toMatch(/^sbx_pi_/);
    expect((await start(ref)).paymentId).toBe(started.paymentId); // one payment per order

    const confirmed = await client.query(CONFIRM_SANDBOX, {
      ...ref,
      paymentId: started.paymentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(confirmed.data!.confirmSandboxPayment).toEqual({ succeeded: true, userErrors: [] });
    expect((await orderRow(ref.orderId)).status).toBe('Pending'); // not until it is recorded

    const recorded = await client.query(RECORD_PAYMENT, { ...ref, paymentId: started.paymentId });
    expect(recorded.data!.recordPayment).toEqual({
      order: { id: ref.orderId, status: 'Paid', amountCents: 2500 },
      userErrors: [],
    });
    expect(await orderRow(ref.orderId)).toMatchObject({
      status: 'Paid',
      payment_id: started.paymentId,
      payment_provider: 'sandbox',
    });
    expect((await orderRow(ref.orderId)).paid_at).not.toBeNull();
    expect(await events(ref.orderId)).toEqual([
      { type: 'created', from_status: null, to_status: 'Pending', actor: 'customer' },
      { type: 'paid', from_status: 'Pending', to_status: 'Paid', actor: 'customer' },
    ]);
    const [email] = await outbox(ref.orderId);
    expect(email).toMatchObject({ template: 'order-confirmation', to_address: 'parent@example.com', status: 'pending' });
    expect(email.text).toContain('Digital Comic Book');
    expect(email.text).toContain('$25');

    // Recording again is a no-op: one Paid order, one payment id, one e-mail.
    const again = await client.query(RECORD_PAYMENT, { ...ref, paymentId: started.paymentId });
    expect(again.data!.recordPayment.userErrors).toEqual([]);
    expect(await outbox(ref.orderId)).toHaveLength(1);
    expect((await events(ref.orderId)).filter((e: { type: string }) => e.type === 'paid')).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002, leaves the order Pending, and lets the parent pay with another card', async () => {
    const ref = await placeOrder(client, printedOrder());
    const { paymentId, amountCents } = await start(ref);
    expect(amountCents).toBe(5000);
    const declined = await client.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4000000000000002' });
    expect(declined.data!.confirmSandboxPayment).toEqual({
      succeeded: false,
      userErrors: [{ field: 'cardNumber', message: 'Your card was declined.' }],
    });
    const early = await client.query(RECORD_PAYMENT, { ...ref, paymentId });
    expect(early.data!.recordPayment.userErrors[0].message).toBe('Your payment has not gone through yet.');
    expect((await orderRow(ref.orderId)).status).toBe('Pending');
    expect(await outbox(ref.orderId)).toHaveLength(0);

    await client.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242-4242-4242-4242' });
    const recorded = await client.query(RECORD_PAYMENT, { ...ref, paymentId });
    expect(recorded.data!.recordPayment.order.status).toBe('Paid');
  });

  it("refuses another card number, a wrong token, and another order's payment", async () => {
    const first = await placeOrder(client);
    const second = await placeOrder(client);
    const firstPayment = (await start(first)).paymentId;
    const secondPayment = (await start(second)).paymentId;

    const unknownCard = await client.query(CONFIRM_SANDBOX, {
      ...first,
      paymentId: firstPayment,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(unknownCard.data!.confirmSandboxPayment.userErrors[0].message).toMatch(/sandbox test card/);

    const wrongToken = await client.query(START_PAYMENT, { orderId: first.orderId, checkoutToken: second.checkoutToken });
    expect(wrongToken.data!.startPayment).toMatchObject({ paymentId: null, userErrors: [{ field: 'orderId' }] });

    // Paying the second order's payment and recording it against the first is refused.
    await client.query(CONFIRM_SANDBOX, { ...second, paymentId: secondPayment, cardNumber: '4242424242424242' });
    const crossed = await client.query(RECORD_PAYMENT, { ...first, paymentId: secondPayment });
    expect(crossed.data!.recordPayment.userErrors[0].message).toBe('This payment does not match your order.');
    expect((await orderRow(first.orderId)).status).toBe('Pending');
    const confirmCrossed = await client.query(CONFIRM_SANDBOX, {
      ...first,
      paymentId: secondPayment,
      cardNumber: '4242424242424242',
    });
    expect(confirmCrossed.data!.confirmSandboxPayment.userErrors[0].message).toBe('We could not find that payment.');
  });

  it('will not start a second payment for a paid order', async () => {
    const ref = await placeOrder(client);
    const { paymentId } = await start(ref);
    await client.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242424242424242' });
    await client.query(RECORD_PAYMENT, { ...ref, paymentId });
    const restart = await client.query(START_PAYMENT, ref);
    expect(restart.data!.startPayment.userErrors).toEqual([{ field: null, message: 'This order has already been paid.' }]);
  });

  it("shows admins the order's e-mails", async () => {
    const ref = await placeOrder(client);
    const { paymentId } = await start(ref);
    await client.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242424242424242' });
    await client.query(RECORD_PAYMENT, { ...ref, paymentId });
    const admin = new GraphQLClient(server.url);
    await signIn(admin, ADMIN_EMAIL);
    const response = await admin.query(
      `query($id: ID!) { order(id: $id) { status paymentId emails { template toAddress status attempts } } }`,
      {
        id: ref.orderId,
      },
    );
    expect(response.data!.order).toEqual({
      status: 'Paid',
      paymentId,
      emails: [{ template: 'order-confirmation', toAddress: 'parent@example.com', status: 'pending', attempts: 0 }],
    });
  });

  it('has no webhook route without Stripe', async () => {
    const response = await fetch(`${server.url}/webhooks/stripe`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

describe('refusal codes', () => {
  const CONFIRM_WITH_CODE = `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {
    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {
      succeeded userErrors { code field message }
    }
  }`;
  const START_WITH_CODE = `mutation($orderId: ID!, $checkoutToken: String!) {
    startPayment(orderId: $orderId, checkoutToken: $checkoutToken) { paymentId userErrors { code field message } }
  }`;
  const RECORD_WITH_CODE = `mutation($orderId: ID!, $checkoutToken: String!, $paymentId: String!) {
    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId) { order { id } userErrors { code field message } }
  }`;

  it('marks a declined card PAYMENT_DECLINED and a payment that has not gone through PAYMENT_FAILED', async () => {
    const ref = await placeOrder(client);
    const { paymentId } = await start(ref);
    const declined = await client.query(CONFIRM_WITH_CODE, { ...ref, paymentId, cardNumber: '4000 0000 0000 0002' });
    expect(declined.data!.confirmSandboxPayment).toEqual({
      succeeded: false,
      userErrors: [{ code: 'PAYMENT_DECLINED', field: 'cardNumber', message: 'Your card was declined.' }],
    });
    const early = await client.query(RECORD_WITH_CODE, { ...ref, paymentId });
    expect(early.data!.recordPayment.userErrors[0]).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your payment has not gone through yet.',
    });
  });

  it('marks a paid order WRONG_STATUS and a wrong checkout token NOT_FOUND', async () => {
    const ref = await placeOrder(client);
    const { paymentId } = await start(ref);
    await client.query(CONFIRM_SANDBOX, { ...ref, paymentId, cardNumber: '4242424242424242' });
    await client.query(RECORD_PAYMENT, { ...ref, paymentId });
    const restart = await client.query(START_WITH_CODE, ref);
    expect(restart.data!.startPayment).toEqual({
      paymentId: null,
      userErrors: [{ code: 'WRONG_STATUS', field: null, message: 'This order has already been paid.' }],
    });
    const wrongToken = await client.query(START_WITH_CODE, { ...ref, checkoutToken: 'not-the-token' });
    expect(wrongToken.data!.startPayment.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'orderId' });
  });
});
