/**
 * What one request may cost, and bad input that must be refused as such (never answered as
 * an internal error): alias, token and batch limits; the schema hidden in production; NUL
 * bytes and over-long values in the fields that reach the database.
 */
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let client: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const subscribers = async () => Number((await server.dataSource.query('SELECT count(*) AS n FROM newsletter_subscribers'))[0].n);

describe('what one GraphQL request may ask for', () => {
  it('refuses an operation with more aliases than any page needs, before running any of them', async () => {
    const fields = Array.from(
      { length: 5000 },
      (_, i) => `s${i}: subscribeNewsletter(email: "reader${i}@example.com") { subscribed }`,
    );
    const response = await client.query(`mutation { ${fields.join('\n')} }`);
    expect(response.status).toBe(400);
    expect(response.data).toBeUndefined();
    // So long a document is refused for its length before its aliases are even counted.
    expect(response.errors?.[0].message).toMatch(/more that 3000 tokens/);
    expect(await subscribers()).toBe(0);

    const fifty = Array.from(
      { length: 50 },
      (_, i) => `s${i}: subscribeNewsletter(email: "reader${i}@example.com") { subscribed }`,
    );
    const aliased = await client.query(`mutation { ${fifty.join('\n')} }`);
    expect(aliased.status).toBe(400);
    expect(aliased.errors?.[0].message).toMatch(/aliases limit of 15 exceeded/i);
    expect(await subscribers()).toBe(0);

    const many = Array.from({ length: 16 }, (_, i) => `c${i}: checkoutOrder(orderId: "x", checkoutToken: "y") { id }`);
    expect((await client.query(`{ ${many.join('\n')} }`)).errors?.[0].message).toMatch(/aliases/i);
  });

  it('still answers a few aliases', async () => {
    const response = await client.query('{ a: shopConfig { paymentProvider } b: shopConfig { paymentProvider } }');
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ a: { paymentProvider: 'sandbox' }, b: { paymentProvider: 'sandbox' } });
  });

  it('refuses a document with more tokens than any client sends', async () => {
    const response = await client.query(`{ catalogue { ${'currency '.repeat(4000)} } }`);
    expect(response.status).toBe(400);
    expect(response.errors?.[0].message).toMatch(/more that 3000 tokens/);
  });

  it('refuses batched operations: one operation a request', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ shopConfig { paymentProvider } }' }, { query: '{ shopConfig { paymentProvider } }' }]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/batch/i);
  });

  it('suggests field names outside production, where the schema is open anyway', async () => {
    const response = await client.query('{ shopConfig { paymentProvidr } }');
    expect(response.errors?.[0].message).toMatch(/Did you mean "paymentProvider"/);
  });
});

describe('the schema in production', () => {
  let production: TestServer;

  beforeAll(async () => {
    production = await startTestServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      STRIPE_SECRET_KEY: 'sk_test_limits',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_limits',
      STRIPE_WEBHOOK_SECRET: 'whsec_limits',
    });
  });
  afterAll(() => production?.close());

  it('refuses introspection and gives no field suggestions', async () => {
    const prod = new GraphQLClient(production.url);
    expect((await prod.query('{ __schema { types { name } } }')).errors?.[0].message).toMatch(/introspection/i);
    const misspelt = await prod.query('{ shopConfig { paymentProvidr } }');
    expect(misspelt.errors?.[0].message).toBeDefined();
    expect(misspelt.errors?.[0].message).not.toMatch(/Did you mean/);
  });

  it('serves no explorer page, so no script is loaded from anywhere', async () => {
    const response = await fetch(`${production.url}/graphql`, { headers: { accept: 'text/html' } });
    const body = await response.text();
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/apollographql|embeddable-sandbox/i);
  });
});

describe('bad input is refused with a message, never an internal error', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await makePng();
  });

  const createOrder = (input: Record<string, unknown>) =>
    client.upload(CREATE_ORDER, { input }, { childPhoto: { name: 'kid.png', type: 'image/png', data: png } });
  const orderCount = async () => Number((await server.dataSource.query('SELECT count(*) AS n FROM orders'))[0].n);

  it('refuses a NUL byte in the story idea or the e-mail, creating nothing', async () => {
    const before = await orderCount();
    const story = await createOrder({ ...digitalOrder(), storyIdea: 'A lost\u0000 puppy' });
    expect(story.errors).toBeUndefined();
    expect(story.data?.createOrder.userErrors).toEqual([
      { field: 'storyIdea', message: 'Story idea contains characters that cannot be saved' },
    ]);
    const email = await createOrder({ ...digitalOrder(), email: 'parent\u0000@example.com' });
    expect(email.data?.createOrder.userErrors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    expect(await orderCount()).toBe(before);
  });

  it('keeps line breaks in a story idea', async () => {
    const response = await createOrder({ ...digitalOrder(), storyIdea: 'First line\nSecond line' });
    expect(response.data?.createOrder.userErrors).toEqual([]);
  });

  it('answers a 300-character e-mail at sign-in like a wrong one, and records no attempt', async () => {
    const response = await client.query(
      'mutation($email: String!) { login(email: $email, password: "whatever") { admin { id } userErrors { code message } } }',
      { email: `${'a'.repeat(300)}@example.com` },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.login).toEqual({
      admin: null,
      userErrors: [{ code: 'INVALID_INPUT', message: 'Invalid email or password' }],
    });
    expect(Number((await server.dataSource.query('SELECT count(*) AS n FROM login_attempts'))[0].n)).toBe(0);
  });

  it('refuses a NUL byte or an essay in the admin search as bad input', async () => {
    await createAdmin(server);
    const admin = new GraphQLClient(server.url);
    await signIn(admin);
    const search = (text: string) =>
      admin.query('query($q: String) { orders(search: $q) { edges { node { id } } } }', { q: text });
    for (const text of ['mia\u0000', 'x'.repeat(201)]) {
      const response = await search(text);
      expect(response.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(response.errors?.[0].message).toBe('Search for at most 200 characters of plain text');
    }
    expect((await search('mia')).errors).toBeUndefined();
  });
});
