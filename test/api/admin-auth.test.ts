import { AdminUser } from '../../server/src/admin/admin-user.entity';
import {
  currentPasswordCost,
  hashPassword,
  LEGACY_PASSWORD_COST,
  usePasswordCostForTests,
  verifyPassword,
} from '../../server/src/admin/password';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createAdmin, LOGIN, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM login_attempts'));

const ME = '{ me { email } }';
const ORDERS = '{ orders { totalCount } }';

describe('admin sign-in', () => {
  it('signs in, sets an httpOnly SameSite=Lax session cookie, and knows the admin afterwards', async () => {
    const client = new GraphQLClient(server.url);
    const response = await client.query(LOGIN, { email: ' Admin@Example.com ', password: ADMIN_PASSWORD });

    expect(response.data!.login).toEqual({ admin: { id: expect.any(String), email: ADMIN_EMAIL }, userErrors: [] });
    const [cookie] = response.setCookie;
    expect(cookie).toMatch(/^storybook_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // only in production, where the shop is behind HTTPS
    expect((await client.query(ME)).data!.me).toEqual({ email: ADMIN_EMAIL });
    expect((await client.query(ORDERS)).data!.orders.totalCount).toBe(0);
  });

  it('gives the same message for a wrong password and an unknown e-mail, and no cookie', async () => {
    const client = new GraphQLClient(server.url);
    const wrongPassword = await client.query(LOGIN, { email: ADMIN_EMAIL, password: 'not the password' });
    const unknownEmail = await client.query(LOGIN, { email: 'nobody@example.com', password: ADMIN_PASSWORD });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.data!.login).toEqual({
        admin: null,
        userErrors: [{ field: null, message: 'Invalid email or password' }],
      });
      expect(response.setCookie).toEqual([]);
    }
    expect((await client.query(ME)).data!.me).toBeNull();
  });

  it('asks for both fields when one is empty', async () => {
    const client = new GraphQLClient(server.url);
    const response = await client.query(LOGIN, { email: ADMIN_EMAIL, password: '' });
    expect(response.data!.login.userErrors).toEqual([{ field: null, message: 'Please enter both email and password' }]);
  });

  it('tells a client why by code: INVALID_CREDENTIALS for a wrong password, INVALID_INPUT for a blank field', async () => {
    const client = new GraphQLClient(server.url);
    const LOGIN_WITH_CODE = `mutation($email: String!, $password: String!) {
      login(email: $email, password: $password) { admin { id } userErrors { code field message } }
    }`;
    const wrong = await client.query(LOGIN_WITH_CODE, { email: ADMIN_EMAIL, password: 'not the password' });
    expect(wrong.data!.login).toEqual({
      admin: null,
      userErrors: [{ code: 'INVALID_CREDENTIALS', field: null, message: 'Invalid email or password' }],
    });
    const blank = await client.query(LOGIN_WITH_CODE, { email: ' ', password: ADMIN_PASSWORD });
    expect(blank.data!.login.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: null, message: 'Please enter both email and password' },
    ]);
  });

  it('stores only a hash of the password', async () => {
    const [row] = await server.dataSource.query('SELECT password_hash FROM admin_users WHERE email = $1', [ADMIN_EMAIL]);
    const { N, r, p } = currentPasswordCost();
    expect(row.password_hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
  });

  it('stores only a hash of the session token', async () => {
    const client = new GraphQLClient(server.url);
    await signIn(client);
    const token = client.cookie!.split('=')[1];
    const rows = await server.dataSource.query('SELECT token_hash FROM admin_sessions');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(token);
  });
});

describe('admin sessions', () => {
  it('logs out on the server: the old cookie no longer works', async () => {
    const client = new GraphQLClient(server.url);
    await signIn(client);
    const oldCookie = client.cookie;

    const response = await client.query('mutation { logout }');
    expect(response.data!.logout).toBe(true);
    expect(response.setCookie[0]).toMatch(/storybook_session=;/);

    const replay = new GraphQLClient(server.url);
    replay.cookie = oldCookie;
    expect((await replay.query(ME)).data!.me).toBeNull();
    expect((await replay.query(ORDERS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a session once it has expired', async () => {
    const client = new GraphQLClient(server.url);
    await signIn(client);
    expect((await client.query(ME)).data!.me).not.toBeNull();

    await server.dataSource.query(`UPDATE admin_sessions SET expires_at = now() - interval '1 minute'`);

    expect((await client.query(ME)).data!.me).toBeNull();
    expect((await client.query(ORDERS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a made-up session cookie', async () => {
    const client = new GraphQLClient(server.url);
    client.cookie = 'storybook_session=' + 'A'.repeat(43);
    expect((await client.query(ORDERS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('signs every session out when the password is changed', async () => {
    const client = new GraphQLClient(server.url);
    await signIn(client);
    await server.app.services.auth.upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await client.query(ME)).data!.me).toBeNull();
  });
});

describe('admin queries refuse anonymous callers', () => {
  it.each([
    ['orders', '{ orders { totalCount edges { node { id } } } }'],
    ['order', '{ order(id: "00000000-0000-4000-8000-000000000000") { id } }'],
  ])('%s answers UNAUTHENTICATED without a session', async (name, query) => {
    const response = await new GraphQLClient(server.url).query(query);
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(response.data?.[name] ?? null).toBeNull();
  });
});

describe('sign-in rate limits', () => {
  it('blocks an e-mail after 5 failures in 15 minutes, even with the right password', async () => {
    const client = new GraphQLClient(server.url);
    for (let i = 0; i < 5; i++) {
      const response = await client.query(LOGIN, { email: ADMIN_EMAIL, password: `guess ${i}` });
      expect(response.data!.login.userErrors[0].message).toBe('Invalid email or password');
    }
    const blocked = await client.query(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(blocked.data!.login).toEqual({
      admin: null,
      userErrors: [{ field: null, message: 'Too many login attempts. Please wait 15 minutes and try again.' }],
    });
    expect(blocked.setCookie).toEqual([]);
  });

  it('lets the e-mail in again once the failures are older than the window', async () => {
    const client = new GraphQLClient(server.url);
    for (let i = 0; i < 5; i++) await client.query(LOGIN, { email: ADMIN_EMAIL, password: `guess ${i}` });
    await server.dataSource.query(`UPDATE login_attempts SET created_at = now() - interval '16 minutes'`);
    await signIn(client);
  });

  it('blocks an address after 20 failures across e-mails', async () => {
    const client = new GraphQLClient(server.url);
    for (let i = 0; i < 20; i++) {
      await client.query(LOGIN, { email: `someone${i}@example.com`, password: 'guess' });
    }
    const blocked = await client.query(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(blocked.data!.login.userErrors[0].message).toBe('Too many login attempts. Please wait 15 minutes and try again.');
  });
});

describe('sign-in rate limits under parallel guessing', () => {
  it('lets no more than 5 guesses per window reach the password check, however they are sent', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new GraphQLClient(server.url).query(LOGIN, { email: ADMIN_EMAIL, password: `parallel guess ${i}` }),
      ),
    );
    const messages = burst.map((g) => g.data!.login.userErrors[0].message);
    let checked = messages.filter((m) => m === 'Invalid email or password').length;
    expect(messages.filter((m) => m.startsWith('Too many login attempts')).length).toBe(30 - checked);

    // Then one at a time: the window fills up to exactly 5 checked guesses, no more.
    for (let i = 0; i < 10; i++) {
      const response = await new GraphQLClient(server.url).query(LOGIN, { email: ADMIN_EMAIL, password: `late guess ${i}` });
      if (response.data!.login.userErrors[0].message === 'Invalid email or password') checked++;
    }
    expect(checked).toBe(5);
    const blocked = await new GraphQLClient(server.url).query(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(blocked.data!.login.admin).toBeNull();
  });
});

describe('password hashes from before the current cost', () => {
  // The cost the shop hashes at here is above the old one, as in production.
  beforeAll(() => usePasswordCostForTests({ N: 2 ** 15, r: 8, p: 1 }));
  afterAll(() => usePasswordCostForTests(TEST_PASSWORD_COST));

  it('still sign in, and are re-hashed at the current cost in the same request', async () => {
    const email = 'old-hash@example.com';
    await createAdmin(server, email);
    const oldHash = await hashPassword(ADMIN_PASSWORD, LEGACY_PASSWORD_COST);
    await server.dataSource.getRepository(AdminUser).update({ email }, { passwordHash: oldHash });
    const storedHash = async () =>
      (
        await server.dataSource
          .getRepository(AdminUser)
          .createQueryBuilder('a')
          .addSelect('a.passwordHash')
          .where('a.email = :email', { email })
          .getOneOrFail()
      ).passwordHash;

    // A wrong password upgrades nothing.
    await new GraphQLClient(server.url).query(LOGIN, { email, password: 'not the password' });
    expect(await storedHash()).toBe(oldHash);

    await signIn(new GraphQLClient(server.url), email);
    const upgraded = await storedHash();
    const { N, r, p } = currentPasswordCost();
    expect(N).toBeGreaterThan(LEGACY_PASSWORD_COST.N);
    expect(upgraded.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword(ADMIN_PASSWORD, upgraded)).toBe(true);
    await signIn(new GraphQLClient(server.url), email);
    expect(await storedHash()).toBe(upgraded);
  });
});
