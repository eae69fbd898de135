/**
 * The parent's receipt: issued on the order page once the order is paid, with the shop's name and
 * address from the configuration, the book as sold, the amount charged and how it was paid; what
 * went back since is counted; deleting the child's details takes their name off it too.
 */
import { createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let owner: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ SHOP_NAME: 'Tiny Tales Storybooks', SHOP_ADDRESS: '12 Story Lane | Portland, OR 97201' });
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
});
afterAll(() => server?.close());

const RECEIPT = `query($token: String!) {
  orderPage(token: $token) {
    receipt { number paidAt shopName shopAddress billedTo lines { description amountCents } totalCents currency paidWith refundedCents }
  }
}`;
const receiptOf = async (client: GraphQLClient, token: string) =>
  (await client.query(RECEIPT, { token })).data!.orderPage.receipt;

describe('the receipt', () => {
  it('is not issued before the order is paid', async () => {
    const parent = new GraphQLClient(server.url);
    const { checkoutToken } = await placeOrder(parent, digitalOrder());
    expect(await receiptOf(parent, checkoutToken)).toBeNull();
  });

  it('names the shop, the book as sold, the amount charged and how it was paid', async () => {
    const parent = new GraphQLClient(server.url);
    const { orderId, checkoutToken } = await placePaidOrder(parent, printedOrder());
    const [row] = await server.dataSource.query(`SELECT paid_at, email FROM orders WHERE id = $1`, [orderId]);
    expect(await receiptOf(parent, checkoutToken)).toEqual({
      number: orderId.slice(0, 8),
      paidAt: row.paid_at.toISOString(),
      shopName: 'Tiny Tales Storybooks',
      shopAddress: ['12 Story Lane', 'Portland, OR 97201'],
      billedTo: row.email,
      lines: [
        {
          description: `Premium Printed Storybook: ${digitalOrder().moral}, starring ${digitalOrder().childName} (shipping included)`,
          amountCents: 5000,
        },
      ],
      totalCents: 5000,
      currency: 'USD',
      paidWith: 'Test card (the offline sandbox)',
      refundedCents: 0,
    });
  });

  it('has a link of its own that opens the receipt and nothing else, and no link before payment', async () => {
    const parent = new GraphQLClient(server.url);
    const pending = await placeOrder(parent, digitalOrder());
    const none = await parent.query(`query($token: String!) { orderPage(token: $token) { receiptUrl } }`, {
      token: pending.checkoutToken,
    });
    expect(none.data!.orderPage.receiptUrl).toBeNull();

    const { orderId, checkoutToken } = await placePaidOrder(parent, digitalOrder());
    const page = await parent.query(
      `query($token: String!) { orderPage(token: $token) { receiptUrl receipt { number totalCents } } }`,
      {
        token: checkoutToken,
      },
    );
    const url: string = page.data!.orderPage.receiptUrl;
    const [, , id, signature] = url.split('/');
    expect(url.startsWith(`/receipt/${orderId}/`)).toBe(true);
    expect(id).toBe(orderId);

    // Anyone with the link (no session, no order token) sees the receipt, with its refunds.
    const RECEIPT_BY_LINK = `query($orderId: ID!, $signature: String!) {
      receipt(orderId: $orderId, signature: $signature) { number totalCents refunds { amountCents } }
    }`;
    const stranger = new GraphQLClient(server.url);
    expect((await stranger.query(RECEIPT_BY_LINK, { orderId, signature })).data!.receipt).toEqual({
      ...page.data!.orderPage.receipt,
      refunds: [],
    });
    // An altered signature, another order's, or an unpaid order's opens nothing.
    expect((await stranger.query(RECEIPT_BY_LINK, { orderId, signature: `${signature}x` })).data!.receipt).toBeNull();
    expect((await stranger.query(RECEIPT_BY_LINK, { orderId: pending.orderId, signature })).data!.receipt).toBeNull();
    expect((await stranger.query(RECEIPT_BY_LINK, { orderId: 'not-an-id', signature })).data!.receipt).toBeNull();

    // The confirmation e-mail links it.
    const [email] = await server.dataSource.query(
      `SELECT text FROM outbox_emails WHERE order_id = $1 AND template = 'order-confirmation'`,
      [orderId],
    );
    expect(email.text).toContain(`Your receipt, to print or save as a PDF: ${server.config.publicUrl}${url}`);
  });

  it('counts what went back, and loses the child’s name with their details', async () => {
    const parent = new GraphQLClient(server.url);
    const { orderId, checkoutToken } = await placePaidOrder(parent, digitalOrder());
    const refunded = await owner.query(
      `mutation($orderId: ID!) { refundOrder(orderId: $orderId, reason: "A page was missing", amountCents: 750) { userErrors { message } } }`,
      { orderId },
    );
    expect(refunded.data!.refundOrder.userErrors).toEqual([]);
    expect(await receiptOf(parent, checkoutToken)).toMatchObject({ totalCents: 2500, refundedCents: 750 });
    // A refund the provider has not paid back yet (pending) is not on the receipt until it has.
    await server.dataSource.query(
      `INSERT INTO refunds (id, order_id, provider, provider_refund_id, payment_id, amount_cents, reason, actor, status)
       SELECT gen_random_uuid(), order_id, provider, 're_pending_' || order_id, payment_id, 500, 'later', actor, 'pending'
         FROM refunds WHERE order_id = $1 LIMIT 1`,
      [orderId],
    );
    expect(await receiptOf(parent, checkoutToken)).toMatchObject({ totalCents: 2500, refundedCents: 750 });

    await parent.query(`mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }`, {
      token: checkoutToken,
    });
    const receipt = await receiptOf(parent, checkoutToken);
    expect(receipt.lines).toEqual([{ description: `Digital Comic Book: ${digitalOrder().moral}`, amountCents: 2500 }]);
  });
});
