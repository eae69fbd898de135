/**
 * "Find my order" over real HTTP, with the per-client limits on: one e-mail listing an
 * address's orders with links that open their pages, the same answer for an unknown address,
 * at most 3 e-mails an address an hour (silently), at most 10 lookups a client an hour
 * (RATE_LIMITED). Also updatePendingOrder under createOrder's per-client limits. Each test is
 * its own client (TRUST_PROXY=1: the address the proxy saw), so their counts do not mix.
 */
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

const LOOKUP = `mutation($email: String!) { requestOrderLinks(email: $email) { userErrors { code field message } } }`;
const PAGE = `query($token: String!) { orderPage(token: $token) { id } }`;
const UPDATE = `mutation($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!) {
  updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input) { orderId userErrors { code message } }
}`;
const TOO_MANY = { code: 'RATE_LIMITED', field: null, message: 'Too many requests. Please try again later.' };

let server: TestServer;
let parent: GraphQLClient;
let clients = 0;

/** A new visitor behind the shop's proxy. */
const visitor = () => new GraphQLClient(server.url, { 'x-forwarded-for': `203.0.113.${++clients}` });

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example.com', RATE_LIMITS: 'on', TRUST_PROXY: '1' });
});
beforeEach(() => {
  parent = visitor();
});
afterAll(() => server?.close());

const page = async (token: string) => (await visitor().query(PAGE, { token })).data!.orderPage;
const emailsTo = (address: string) =>
  server.dataSource.query('SELECT template, html, text FROM outbox_emails WHERE to_address = $1 ORDER BY created_at, id', [
    address,
  ]);
const orderLinks = (text: string) => [...text.matchAll(/https:\/\/shop\.example\.com\/order\/([\w-]+)/g)].map((m) => m[1]);
const lookups = async (address: string) =>
  (await emailsTo(address)).filter((email: { template: string }) => email.template === 'order-links');

describe('requestOrderLinks', () => {
  it('e-mails one list of links, newest first, that open the pages', async () => {
    const first = await placeOrder(parent, { ...digitalOrder(), email: 'Lookup@Example.com', childName: 'Ann' });
    const second = await placePaidOrder(visitor(), { ...printedOrder(), email: 'lookup@example.com', childName: 'Ben' });
    const response = await parent.query(LOOKUP, { email: ' LOOKUP@example.com ' });
    expect(response.data!.requestOrderLinks).toEqual({ userErrors: [] });
    const emails = await lookups('lookup@example.com');
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email.text.indexOf('Ben')).toBeLessThan(email.text.indexOf('Ann'));
    expect(email.text).toContain(`Order ${first.orderId.slice(0, 8)}: Ann`);
    expect(email.text).toContain('Premium Printed Storybook');
    expect(email.text).toContain('Waiting for payment');
    expect(email.text).toContain('Paid: your book is being made');
    const tokens = orderLinks(email.text);
    expect(tokens).toHaveLength(2);
    expect((await page(tokens[0])).id).toBe(second.orderId);
    expect((await page(tokens[1])).id).toBe(first.orderId);
    for (const token of tokens) expect(email.html).toContain(`https://shop.example.com/order/${token}`);
  });

  it('answers an unknown address the same way, and e-mails nothing', async () => {
    const response = await parent.query(LOOKUP, { email: 'nobody@example.com' });
    expect(response.data!.requestOrderLinks).toEqual({ userErrors: [] });
    expect(await emailsTo('nobody@example.com')).toEqual([]);
  });

  it('refuses a malformed address', async () => {
    expect((await parent.query(LOOKUP, { email: 'not an address' })).data!.requestOrderLinks.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'email', message: 'Please enter a valid e-mail address.' },
    ]);
  });

  it('past 3 an hour for one address, from any clients, answers the same and silently sends nothing', async () => {
    await placeOrder(parent, { ...digitalOrder(), email: 'flood@example.com' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await visitor().query(LOOKUP, { email: 'flood@example.com' })).data!.requestOrderLinks).toEqual({
        userErrors: [],
      });
    }
    expect(await lookups('flood@example.com')).toHaveLength(3);
  });

  it('past 10 an hour from one client, says so and sends nothing', async () => {
    await placeOrder(visitor(), { ...digitalOrder(), email: 'client-last@example.com' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await parent.query(LOOKUP, { email: `client${attempt}@example.com` })).data!.requestOrderLinks.userErrors).toEqual(
        [],
      );
    }
    expect((await parent.query(LOOKUP, { email: 'client-last@example.com' })).data!.requestOrderLinks.userErrors).toEqual([
      TOO_MANY,
    ]);
    expect(await lookups('client-last@example.com')).toEqual([]);
    // Another client is not held back by this one.
    expect((await visitor().query(LOOKUP, { email: 'client-last@example.com' })).data!.requestOrderLinks.userErrors).toEqual([]);
  });
});

describe('requestOrderLinksForOrder (the payment page without its tab)', () => {
  const FOR_ORDER = `mutation($orderId: ID!) { requestOrderLinksForOrder(orderId: $orderId) { userErrors { code field message } } }`;

  it('e-mails the links to the address on the order, and answers an unknown or malformed id the same, sending nothing', async () => {
    const { orderId } = await placeOrder(parent, { ...digitalOrder(), email: 'newtab@example.com', childName: 'Cal' });
    const stranger = visitor();
    expect((await stranger.query(FOR_ORDER, { orderId })).data!.requestOrderLinksForOrder).toEqual({ userErrors: [] });
    const [email] = await lookups('newtab@example.com');
    expect(email.text).toContain(`Order ${orderId.slice(0, 8)}: Cal`);
    expect((await page(orderLinks(email.text)[0])).id).toBe(orderId);

    const before = await server.dataSource.query(`SELECT count(*)::int AS n FROM outbox_emails`);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await stranger.query(FOR_ORDER, { orderId: unknown })).data!.requestOrderLinksForOrder).toEqual({ userErrors: [] });
    }
    expect(await server.dataSource.query(`SELECT count(*)::int AS n FROM outbox_emails`)).toEqual(before);
  });

  it("shares the address's 3 an hour and the client's 10 an hour with Find my order", async () => {
    const { orderId } = await placeOrder(parent, { ...digitalOrder(), email: 'newtab-flood@example.com' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await visitor().query(FOR_ORDER, { orderId })).data!.requestOrderLinksForOrder.userErrors).toEqual([]);
    }
    expect(await lookups('newtab-flood@example.com')).toHaveLength(3);
    const client = visitor();
    for (let attempt = 0; attempt < 10; attempt += 1) await client.query(FOR_ORDER, { orderId });
    expect((await client.query(FOR_ORDER, { orderId })).data!.requestOrderLinksForOrder.userErrors).toEqual([TOO_MANY]);
  });
});

describe('updatePendingOrder', () => {
  it("counts under createOrder's per-client limit (10 an hour)", async () => {
    const ref = await placeOrder(parent);
    for (let attempt = 1; attempt < 10; attempt += 1) {
      const payload = (await parent.query(UPDATE, { ...ref, input: { ...digitalOrder(), childAge: 2 + attempt } })).data!
        .updatePendingOrder;
      expect(payload.userErrors).toEqual([]);
    }
    const refused = (await parent.query(UPDATE, { ...ref, input: { ...digitalOrder(), childName: 'Late' } })).data!
      .updatePendingOrder;
    expect(refused).toEqual({ orderId: null, userErrors: [{ code: TOO_MANY.code, message: TOO_MANY.message }] });
    const [row] = await server.dataSource.query('SELECT child_name FROM orders WHERE id = $1', [ref.orderId]);
    expect(row.child_name).toBe('Mia');
  });
});
