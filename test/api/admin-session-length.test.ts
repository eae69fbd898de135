/**
 * The admin session as production sets it: the `__Host-` cookie (Secure, HttpOnly, SameSite=Lax,
 * Path=/, no Domain), and a session that works for 12 hours (SESSION_TTL_HOURS' default) and
 * not a minute longer.
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD, createAdmin, LOGIN } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

const ME = '{ me { email } }';
const HOUR = 3600_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example',
    // Production has no payment sandbox; nothing here reaches Stripe.
    STRIPE_SECRET_KEY: 'sk_test_session',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_session',
    STRIPE_WEBHOOK_SECRET: 'whsec_session',
  });
  await createAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => jest.useRealTimers());

describe('the production session cookie', () => {
  it('is a __Host- cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, expiring with the session', async () => {
    const client = new GraphQLClient(server.url);
    const before = Date.now();
    const response = await client.query(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(response.data!.login.userErrors).toEqual([]);

    const [cookie] = response.setCookie;
    const attributes = cookie.split(/;\s*/);
    expect(attributes[0]).toMatch(/^__Host-storybook_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
    const expires = Date.parse(attributes.find((a) => a.startsWith('Expires='))!.slice('Expires='.length));
    // Expires has whole seconds.
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + 12 * HOUR) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * HOUR);

    expect((await client.query(ME)).data!.me).toEqual({ email: ADMIN_EMAIL });
  });
});

describe('the session length', () => {
  it('works for 12 hours and not after', async () => {
    const client = new GraphQLClient(server.url);
    expect((await client.query(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data!.login.userErrors).toEqual([]);
    const signedInAt = Date.now();

    // Only the clock moves: timers, I/O and the database run as usual.
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    jest.setSystemTime(signedInAt + 12 * HOUR - 60_000);
    expect((await client.query(ME)).data!.me).toEqual({ email: ADMIN_EMAIL });

    jest.setSystemTime(signedInAt + 12 * HOUR + 60_000);
    expect((await client.query(ME)).data!.me).toBeNull();
  });
});
