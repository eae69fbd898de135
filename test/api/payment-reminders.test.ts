/**
 * The one reminder to a parent whose order waited a day for payment: with the link to the order
 * page (which opens it, and offers to pay), never a second one, none for an order paid or
 * cancelled meanwhile or whose child's details were deleted, none for an order a week old.
 */
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder } from '../support/orders';
import { makePng } from '../support/images';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let parent: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example' });
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const HOUR = 3600_000;
const reminders = (orderId: string) =>
  server.dataSource.query(
    `SELECT subject, text, html, to_address FROM outbox_emails WHERE order_id = $1 AND template = 'payment-reminder'`,
    [orderId],
  );
const createdAt = async (orderId: string) =>
  new Date((await server.dataSource.query('SELECT created_at FROM orders WHERE id = $1', [orderId]))[0].created_at);
const remind = (at: Date) => server.app.services.paymentReminders.remindUnpaid(at);

describe('the payment reminder', () => {
  it('goes once, a day after the order, with the link to its page, which offers to pay', async () => {
    const { orderId } = await placeOrder(parent, { ...digitalOrder(), childName: 'Nora' });
    const created = await createdAt(orderId);
    await remind(new Date(created.getTime() + 23 * HOUR));
    expect(await reminders(orderId)).toEqual([]);

    await remind(new Date(created.getTime() + 25 * HOUR));
    await remind(new Date(created.getTime() + 26 * HOUR));
    const sent = await reminders(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: "Nora's storybook is waiting for you", to_address: 'parent@example.com' });
    expect(sent[0].text).toContain(`order ${orderId.slice(0, 8)}, $25.00`);
    expect(sent[0].text).toContain('this is the only reminder we send');
    const link = /Finish your order: (https:\/\/shop\.example\/order\/(\S+))/.exec(sent[0].text);
    expect(link).not.toBeNull();
    expect(sent[0].html).toContain(link![1]);
    const page = await parent.query(`query($token: String!) { orderPage(token: $token) { status canPay } }`, { token: link![2] });
    expect(page.data!.orderPage).toEqual({ status: 'Pending', canPay: true });

    const events = await server.dataSource.query(
      `SELECT actor FROM order_events WHERE order_id = $1 AND type = 'payment_reminder_sent'`,
      [orderId],
    );
    expect(events).toEqual([{ actor: 'job:payment-reminders' }]);
  });

  it('goes once for a checkout of two books, through its first order, with what the checkout costs', async () => {
    const first = await placeOrder(parent, { ...digitalOrder(), childName: 'Pia' });
    const added = await parent.upload(
      `mutation($input: CreateOrderInput!, $childPhoto: Upload!, $addTo: CheckoutRefInput) {
        createOrder(input: $input, childPhoto: $childPhoto, addTo: $addTo) { orderId userErrors { message } }
      }`,
      { input: { ...digitalOrder(), childName: 'Rex' }, addTo: first },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
    );
    const addedId = added.data!.createOrder.orderId as string;
    await remind(new Date((await createdAt(addedId)).getTime() + 25 * HOUR));
    const sent = await reminders(first.orderId);
    expect(sent).toHaveLength(1);
    // Two books at the family price: 2 x $22.50.
    expect(sent[0].text).toContain(`order ${first.orderId.slice(0, 8)}, $45.00`);
    expect(await reminders(addedId)).toEqual([]);
  });

  it('is not sent for an order paid, cancelled or with its child’s details deleted, nor for one a week old', async () => {
    const paid = await placePaidOrder(parent, digitalOrder());
    const cancelled = await placeOrder(parent, digitalOrder());
    await server.dataSource.query(`UPDATE orders SET status = 'Cancelled', cancelled_at = now() WHERE id = $1`, [
      cancelled.orderId,
    ]);
    const deleted = await placeOrder(parent, digitalOrder());
    await server.dataSource.query(`UPDATE orders SET child_data_deleted_at = now() WHERE id = $1`, [deleted.orderId]);
    const old = await placeOrder(parent, digitalOrder());
    await server.dataSource.query(`UPDATE orders SET created_at = now() - interval '8 days' WHERE id = $1`, [old.orderId]);

    await remind(new Date(Date.now() + 25 * HOUR));
    for (const { orderId } of [paid, cancelled, deleted, old]) expect(await reminders(orderId)).toEqual([]);
  });
});
