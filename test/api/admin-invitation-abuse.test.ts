/**
 * Accepting an admin invitation is open to anyone with a link, so a made-up token must cost the
 * shop as little as a wrong order-page token: refused before the password is hashed (the hash
 * takes 128 MiB and a third of a second), and no more than ten tries an hour from one client.
 */
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

jest.mock('../../server/src/admin/password', () => {
  const actual = jest.requireActual('../../server/src/admin/password');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { hashPassword } = require('../../server/src/admin/password') as { hashPassword: jest.Mock };

const ACCEPT = `mutation($token: String!, $password: String!) {
  acceptAdminInvitation(token: $token, password: $password) { admin { email } userErrors { code field message } }
}`;
const INVITE = `mutation($email: String!) { inviteAdmin(email: $email) { invitation { link } userErrors { code } } }`;
const INVALID = 'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.';
const TOO_MANY = 'Too many requests. Please try again later.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'on', PUBLIC_URL: 'https://shop.example' });
  await createAdmin(server);
});
afterAll(() => server?.close());
beforeEach(async () => {
  hashPassword.mockClear();
  await server.dataSource.query('DELETE FROM rate_limit_counters');
});

async function accept(token: string) {
  return (await new GraphQLClient(server.url).query(ACCEPT, { token, password: 'a long enough password' })).data!
    .acceptAdminInvitation;
}

it('refuses a made-up invitation token without hashing the password', async () => {
  expect(await accept('f'.repeat(43))).toEqual({
    admin: null,
    userErrors: [{ code: 'NOT_FOUND', field: 'token', message: INVALID }],
  });
  expect(hashPassword).not.toHaveBeenCalled();
});

it('hashes the password once for a real invitation, which then signs the invitee in', async () => {
  const admin = new GraphQLClient(server.url);
  await signIn(admin);
  const link = (await admin.query(INVITE, { email: 'invitee@example.com' })).data!.inviteAdmin.invitation.link as string;
  hashPassword.mockClear();
  expect(await accept(link.split('/').pop()!)).toEqual({ admin: { email: 'invitee@example.com' }, userErrors: [] });
  expect(hashPassword).toHaveBeenCalledTimes(1);
});

it('refuses an eleventh try within the hour from one client, even with a real link, and creates no admin', async () => {
  const admin = new GraphQLClient(server.url);
  await signIn(admin);
  const link = (await admin.query(INVITE, { email: 'late@example.com' })).data!.inviteAdmin.invitation.link as string;
  for (let i = 0; i < 10; i++) expect((await accept(`guess-${i}`)).userErrors[0].code).toBe('NOT_FOUND');
  hashPassword.mockClear();
  expect(await accept(link.split('/').pop()!)).toEqual({
    admin: null,
    userErrors: [{ code: 'RATE_LIMITED', field: null, message: TOO_MANY }],
  });
  expect(hashPassword).not.toHaveBeenCalled();
  const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM admin_users WHERE email = 'late@example.com'`);
  expect(n).toBe(0);
});
