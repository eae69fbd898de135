/**
 * Per-client limits on what an anonymous visitor may do: orders (10 an hour, 30 a day) and
 * newsletter sign-ups (10 an hour) from one address. The client is the address the one proxy
 * in front saw (TRUST_PROXY=1), so a forged X-Forwarded-For is the same client. Past the
 * limit: RATE_LIMITED, nothing stored, and the photo never decoded. RATE_LIMITS=off lifts
 * them, but never the sign-in lockout.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createAdmin, LOGIN, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

const CREATE_ORDER = /* GraphQL */ `
  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) {
      orderId
      checkoutToken
      userErrors {
        code
        field
        message
      }
    }
  }
`;
const SUBSCRIBE = /* GraphQL */ `
  mutation Subscribe($email: String!) {
    subscribeNewsletter(email: $email) {
      subscribed
      userErrors {
        code
        message
      }
    }
  }
`;
const RENEW_LINK = /* GraphQL */ `
  mutation Renew($token: String!) {
    renewOrderLink(token: $token) {
      token
      userErrors {
        code
        message
      }
    }
  }
`;
const TOO_MANY = 'Too many requests. Please try again later.';

interface Payload {
  userErrors: Array<{ code: string; field: string | null; message: string }>;
}

let png: Buffer;
beforeAll(async () => {
  png = await makePng();
});

/** A visitor behind the shop's proxy: the proxy appends the address it saw to X-Forwarded-For. */
const visitor = (server: TestServer, address: string, forgedLeft?: string) =>
  new GraphQLClient(server.url, { 'x-forwarded-for': forgedLeft ? `${forgedLeft}, ${address}` : address });

const order = (client: GraphQLClient, photo: Buffer = png) =>
  client
    .upload<{ createOrder: Payload & { orderId: string | null; checkoutToken: string | null } }>(
      CREATE_ORDER,
      { input: digitalOrder() },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: photo } },
    )
    .then((response) => {
      if (!response.data) throw new Error(JSON.stringify(response.errors));
      return response.data.createOrder;
    });

const subscribe = (client: GraphQLClient, email: string) =>
  client.query<{ subscribeNewsletter: Payload & { subscribed: boolean } }>(SUBSCRIBE, { email }).then((response) => {
    if (!response.data) throw new Error(JSON.stringify(response.errors));
    return response.data.subscribeNewsletter;
  });

const count = async (server: TestServer, table: string) =>
  Number((await server.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

const photoFiles = (server: TestServer) => {
  try {
    return readdirSync(path.join(server.dataDir, 'files', 'photos'));
  } catch {
    return [];
  }
};

describe('with the per-client limits on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'on', TRUST_PROXY: '1' });
  });
  afterAll(() => server?.close());

  it('accepts ten orders an hour from one address and refuses the eleventh before its photo is read', async () => {
    const family = visitor(server, '203.0.113.10');
    for (let i = 0; i < 10; i++) {
      const created = await order(family);
      expect(created.userErrors).toEqual([]);
      expect(created.orderId).toBeTruthy();
    }
    expect(await count(server, 'orders')).toBe(10);
    expect(photoFiles(server)).toHaveLength(10);

    // Not an image at all: had the photo been read, this would be refused for its type.
    const refused = await order(family, Buffer.from('not a picture'));
    expect(refused).toEqual({
      orderId: null,
      checkoutToken: null,
      userErrors: [{ code: 'RATE_LIMITED', field: null, message: TOO_MANY }],
    });
    expect(await count(server, 'orders')).toBe(10);
    expect(photoFiles(server)).toHaveLength(10);

    // Forging addresses to the left of the proxy's entry makes no new client.
    const forged = await order(visitor(server, '203.0.113.10', '198.51.100.77'));
    expect(forged.userErrors[0]?.code).toBe('RATE_LIMITED');

    // Another family is not held back by the first.
    expect((await order(visitor(server, '203.0.113.11'))).userErrors).toEqual([]);
    expect(await count(server, 'orders')).toBe(11);
  });

  it('also holds an address to thirty orders a day', async () => {
    const family = visitor(server, '203.0.113.20');
    expect((await order(family)).userErrors).toEqual([]);
    // As if 29 more had been placed earlier today, in past hours.
    await server.dataSource.query(`UPDATE rate_limit_counters SET hits = 30 WHERE rule = 'create-order:client:day' AND hits = 1`);
    await server.dataSource.query(`DELETE FROM rate_limit_counters WHERE rule = 'create-order:client:hour'`);
    const refused = await order(family);
    expect(refused.userErrors).toEqual([{ code: 'RATE_LIMITED', field: null, message: TOO_MANY }]);
  });

  it('lets a signed-in admin place orders past the limit', async () => {
    await createAdmin(server);
    const admin = visitor(server, '203.0.113.10');
    await signIn(admin);
    const created = await order(admin);
    expect(created.userErrors).toEqual([]);
    expect(created.orderId).toBeTruthy();
  });

  it('accepts ten newsletter sign-ups an hour from one address and stores nothing past them', async () => {
    const before = await count(server, 'newsletter_subscribers');
    const reader = visitor(server, '203.0.113.30');
    for (let i = 0; i < 10; i++) {
      expect(await subscribe(reader, `reader${i}@example.com`)).toEqual({ subscribed: true, userErrors: [] });
    }
    const refused = await subscribe(visitor(server, '203.0.113.30', '198.51.100.1'), 'reader10@example.com');
    expect(refused).toEqual({ subscribed: false, userErrors: [{ code: 'RATE_LIMITED', message: TOO_MANY }] });
    expect(await count(server, 'newsletter_subscribers')).toBe(before + 10);
    expect(await subscribe(visitor(server, '203.0.113.31'), 'reader10@example.com')).toEqual({
      subscribed: true,
      userErrors: [],
    });
  });

  it('lets one address renew order links ten times an hour, then e-mails the parent no more', async () => {
    const parent = visitor(server, '203.0.113.40');
    let token = (await order(parent)).checkoutToken!;
    const renew = (client: GraphQLClient, current: string) =>
      client.query<{ renewOrderLink: Payload & { token: string | null } }>(RENEW_LINK, { token: current }).then((r) => {
        if (!r.data) throw new Error(JSON.stringify(r.errors));
        return r.data.renewOrderLink;
      });
    for (let i = 0; i < 10; i++) {
      const renewed = await renew(parent, token);
      expect(renewed.userErrors).toEqual([]);
      token = renewed.token!;
    }
    const emailsBefore = await count(server, 'outbox_emails');
    expect(await renew(visitor(server, '203.0.113.40', '198.51.100.2'), token)).toEqual({
      token: null,
      userErrors: [{ code: 'RATE_LIMITED', message: TOO_MANY }],
    });
    expect(await count(server, 'outbox_emails')).toBe(emailsBefore);
    expect((await renew(visitor(server, '203.0.113.41'), token)).userErrors).toEqual([]);
  });

  it('lets one address try twenty discount codes an hour, so codes cannot be guessed', async () => {
    const APPLY = `mutation($orderId: ID!, $checkoutToken: String!, $code: String!) {
      applyDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken, code: $code) { order { id } userErrors { code message } }
    }`;
    const parent = visitor(server, '203.0.113.50');
    const { orderId, checkoutToken } = await order(parent);
    const guess = (client: GraphQLClient, code: string) =>
      client.query<{ applyDiscountCode: Payload }>(APPLY, { orderId, checkoutToken, code }).then((r) => {
        if (!r.data) throw new Error(JSON.stringify(r.errors));
        return r.data.applyDiscountCode.userErrors;
      });
    for (let i = 0; i < 20; i++) {
      expect(await guess(parent, `GUESS${i}`)).toEqual([{ code: 'INVALID_INPUT', message: 'That discount code is not valid.' }]);
    }
    expect(await guess(visitor(server, '203.0.113.50', '198.51.100.3'), 'GUESS20')).toEqual([
      { code: 'RATE_LIMITED', message: TOO_MANY },
    ]);
    expect(await guess(visitor(server, '203.0.113.51'), 'GUESS21')).toEqual([
      { code: 'INVALID_INPUT', message: 'That discount code is not valid.' },
    ]);
  });
});

describe('with RATE_LIMITS=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'off', TRUST_PROXY: '1' });
  });
  afterAll(() => server?.close());

  it('accepts orders and sign-ups past the limits, counting nothing', async () => {
    const client = visitor(server, '203.0.113.40');
    for (let i = 0; i < 11; i++) expect((await order(client)).userErrors).toEqual([]);
    for (let i = 0; i < 11; i++) expect((await subscribe(client, `off${i}@example.com`)).userErrors).toEqual([]);
    expect(await count(server, 'orders')).toBe(11);
    expect(await count(server, 'rate_limit_counters')).toBe(0);
  });

  it('keeps the admin sign-in lockout', async () => {
    await createAdmin(server);
    const guesser = visitor(server, '203.0.113.41');
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await guesser.query(LOGIN, { email: 'admin@example.com', password: `wrong guess ${i}` });
      messages.push(response.data?.login.userErrors[0]?.message);
    }
    expect(messages.slice(0, 5)).toEqual(Array(5).fill('Invalid email or password'));
    expect(messages[5]).toBe('Too many login attempts. Please wait 15 minutes and try again.');
    // Locked out even with the right password, until the window passes.
    const right = await guesser.query(LOGIN, { email: 'admin@example.com', password: 'correct horse battery staple' });
    expect(right.data?.login.admin).toBeNull();
    expect(right.data?.login.userErrors[0]?.message).toBe('Too many login attempts. Please wait 15 minutes and try again.');
  });
});
