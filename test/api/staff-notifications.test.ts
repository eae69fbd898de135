/**
 * STAFF_EMAIL: each newly paid order and each change request reaches every staff address
 * through the outbox, once, however often the payment is reported.
 */
import { placeOrder, placePaidOrder, RECORD_PAYMENT, START_PAYMENT } from '../support/checkout';
import { deliverWebhook, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { Order } from '../../server/src/orders/order.entity';
import { CUSTOMER } from '../../server/src/orders/actor';

const WEBHOOK_SECRET = 'whsec_test_staff';
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
    STAFF_EMAIL: ' Orders@Shop.example , studio@shop.example',
    PUBLIC_URL: 'https://shop.example',
  });
  client = new GraphQLClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const staffEmails = (orderId: string, template: string) =>
  server.dataSource.query(
    `SELECT to_address, subject, text, html FROM outbox_emails WHERE order_id = $1 AND template = $2 ORDER BY to_address`,
    [orderId, template],
  );

describe('staff e-mail for a paid order', () => {
  it('queues one e-mail per staff address, once, whether the webhook repeats or the browser also records it', async () => {
    const ref = await placeOrder(client);
    const { paymentId } = (await client.query(START_PAYMENT, ref)).data!.startPayment;
    fake.succeed(paymentId);
    const event = fake.eventFor(paymentId);
    for (let i = 0; i < 2; i++) expect((await deliverWebhook(server.url, WEBHOOK_SECRET, event)).status).toBe(200);
    await client.query(RECORD_PAYMENT, { ...ref, paymentId });

    const rows = await staffEmails(ref.orderId, 'staff-new-order');
    expect(rows.map((r: { to_address: string }) => r.to_address)).toEqual(['orders@shop.example', 'studio@shop.example']);
    const reference = ref.orderId.slice(0, 8);
    for (const row of rows) {
      expect(row.subject).toBe(`New order ${reference}: Mia, Digital Comic Book, $25.00`);
      expect(row.text).toContain('Child: Mia, age 6');
      expect(row.text).toContain('Amount: $25.00');
      expect(row.text).toContain(`https://shop.example/admin/dashboard?order=${ref.orderId}`);
      expect(row.html).toContain(`href="https://shop.example/admin/dashboard?order=${ref.orderId}"`);
    }
  });

  it('sends nothing to staff for an order that is only placed, not paid', async () => {
    const ref = await placeOrder(client);
    expect(await staffEmails(ref.orderId, 'staff-new-order')).toEqual([]);
  });
});

describe('staff e-mail for a change request', () => {
  it('builds one escaped e-mail per address, keyed so the same request is queued once and a new one again', async () => {
    const ref = await placeOrder(client);
    const order = await server.dataSource.getRepository(Order).findOneByOrFail({ id: ref.orderId });
    const build = server.app.services.staffChangeRequestEmails;
    const message = 'Please spell her name <b>Mía</b>\nand make the dog brown';

    const emails = build(order, message);
    expect(emails).toHaveLength(2);
    expect(emails.map((e) => e.to)).toEqual(['orders@shop.example', 'studio@shop.example']);
    expect(emails[0]).toMatchObject({ orderId: ref.orderId, template: 'staff-change-request' });
    expect(emails[0].subject).toBe(`Change requested on order ${ref.orderId.slice(0, 8)} (Mia)`);
    expect(emails[0].text).toContain(message);
    expect(emails[0].html).toContain('&lt;b&gt;Mía&lt;/b&gt;');
    expect(emails[0].html).not.toContain('<b>Mía</b>');
    expect(emails[0].idempotencyKey.length).toBeLessThanOrEqual(200);
    expect(new Set(emails.map((e) => e.idempotencyKey)).size).toBe(2);

    const queue = (list: typeof emails) =>
      server.dataSource.transaction(async (manager) => {
        for (const email of list) await server.app.services.outbox.enqueue(manager, email);
      });
    await queue(emails);
    await queue(build(order, message)); // a retried request
    await queue(build(order, 'Also a bigger font, please'));
    expect(await staffEmails(ref.orderId, 'staff-change-request')).toHaveLength(4);
  });

  it('reaches the staff when a parent asks for a change, and not when the request is refused', async () => {
    const ref = await placeOrder(client);
    await server.dataSource.query(`UPDATE orders SET status = 'Completed', completed_at = now() WHERE id = $1`, [ref.orderId]);
    const changes = server.app.services.changeRequests;
    expect((await changes.recordChangeRequest(ref.orderId, 'A red scarf, please', CUSTOMER)).ok).toBe(true);
    const rows = await staffEmails(ref.orderId, 'staff-change-request');
    expect(rows.map((r: { to_address: string }) => r.to_address)).toEqual(['orders@shop.example', 'studio@shop.example']);
    expect(rows[0].text).toContain('A red scarf, please');

    // The one free round is used: a second request is refused, and the staff hear nothing more.
    expect((await changes.recordChangeRequest(ref.orderId, 'And a hat', CUSTOMER)).ok).toBe(false);
    expect(await staffEmails(ref.orderId, 'staff-change-request')).toHaveLength(2);
  });
});

describe('without STAFF_EMAIL', () => {
  let quiet: TestServer;
  beforeAll(async () => {
    quiet = await startTestServer();
  });
  afterAll(() => quiet?.close());

  it('queues the parent their confirmation and no staff e-mail at all', async () => {
    const ref = await placePaidOrder(new GraphQLClient(quiet.url));
    const rows = await quiet.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1', [ref.orderId]);
    expect(rows).toEqual([{ template: 'order-confirmation' }]);
    const order = await quiet.dataSource.getRepository(Order).findOneByOrFail({ id: ref.orderId });
    expect(quiet.app.services.staffChangeRequestEmails(order, 'A change')).toEqual([]);
  });
});
