/** Admins from the portal: invitations, disabling and re-enabling, changing one's own password. */
import { ADMIN_EMAIL, ADMIN_PASSWORD, createAdmin, LOGIN, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example' });
  await createAdmin(server);
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM login_attempts'));

const ME = '{ me { email } }';
const ADMINS = '{ admins { id email createdAt lastLoginAt disabledAt } }';
const INVITE = `mutation($email: String!, $role: AdminRole) {
  inviteAdmin(email: $email, role: $role) { invitation { email expiresAt link } userErrors { code field message } }
}`;
const PREVIEW = 'query($token: String!) { adminInvitation(token: $token) { email } }';
const ACCEPT = `mutation($token: String!, $password: String!) {
  acceptAdminInvitation(token: $token, password: $password) { admin { id email } userErrors { code field message } }
}`;
const PENDING = '{ adminInvitations { id email createdAt expiresAt invitedBy } }';
const REVOKE = `mutation($invitationId: ID!) {
  revokeAdminInvitation(invitationId: $invitationId) { invitationId userErrors { code field message } }
}`;
const INVALID = 'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.';
const DISABLE = `mutation($adminId: ID!) {
  disableAdmin(adminId: $adminId) { admin { id disabledAt } userErrors { code field message } }
}`;
const ENABLE = `mutation($adminId: ID!) {
  enableAdmin(adminId: $adminId) { admin { id disabledAt } userErrors { code field message } }
}`;
const CHANGE = `mutation($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { admin { email } userErrors { code field message } }
}`;

async function signedIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<GraphQLClient> {
  const client = new GraphQLClient(server.url);
  await signIn(client, email, password);
  return client;
}

let invitees = 0;
/** A new owner, invited and accepted; returns their id and a signed-in client. */
async function newAdmin(password = 'a brand new password') {
  const email = `staff${++invitees}@example.com`;
  const link = (await (await signedIn()).query(INVITE, { email, role: 'OWNER' })).data!.inviteAdmin.invitation.link as string;
  const client = new GraphQLClient(server.url);
  const accepted = await client.query(ACCEPT, { token: link.split('/').pop(), password });
  return { id: accepted.data!.acceptAdminInvitation.admin.id as string, email, password, client };
}

describe('anonymous callers', () => {
  it.each([
    ['admins', ADMINS, {}],
    ['inviteAdmin', INVITE, { email: 'x@example.com' }],
    ['adminInvitations', PENDING, {}],
    ['revokeAdminInvitation', REVOKE, { invitationId: '00000000-0000-4000-8000-000000000000' }],
    ['disableAdmin', DISABLE, { adminId: '00000000-0000-4000-8000-000000000000' }],
    ['enableAdmin', ENABLE, { adminId: '00000000-0000-4000-8000-000000000000' }],
    ['changePassword', CHANGE, { currentPassword: 'x', newPassword: 'y' }],
  ])('are refused %s with UNAUTHENTICATED', async (_name, query, variables) => {
    const response = await new GraphQLClient(server.url).query(query, variables);
    expect(response.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(response.data ?? null).toBeNull();
  });
});

describe('inviting an admin', () => {
  it('e-mails a one-time link (stored only as a hash) that signs the new admin in, and works once', async () => {
    const admin = await signedIn();
    const before = Date.now();
    const invited = await admin.query(INVITE, { email: ' New.Admin@Example.com ' });
    const { invitation, userErrors } = invited.data!.inviteAdmin;
    expect(userErrors).toEqual([]);
    expect(invitation.email).toBe('new.admin@example.com');
    expect(invitation.link).toMatch(/^https:\/\/shop\.example\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    const expiresIn = new Date(invitation.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(71 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(72 * 3600_000 + 60_000);
    const token = invitation.link.split('/').pop();

    const [row] = await server.dataSource.query(`SELECT token_hash FROM admin_invitations WHERE email = 'new.admin@example.com'`);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await server.dataSource.query('SELECT * FROM admin_invitations'))).not.toContain(token);
    const [mail] = await server.dataSource.query(
      `SELECT to_address, text, html FROM outbox_emails WHERE template = 'admin-invitation' AND to_address = 'new.admin@example.com'`,
    );
    expect(mail.text).toContain(invitation.link);
    expect(mail.html).toContain(`href="${invitation.link}"`);

    const invitee = new GraphQLClient(server.url);
    expect((await invitee.query(PREVIEW, { token })).data!.adminInvitation).toEqual({ email: 'new.admin@example.com' });
    const accepted = await invitee.query(ACCEPT, { token, password: 'my own long password' });
    expect(accepted.data!.acceptAdminInvitation).toEqual({
      admin: { id: expect.any(String), email: 'new.admin@example.com' },
      userErrors: [],
    });
    expect((await invitee.query(ME)).data!.me).toEqual({ email: 'new.admin@example.com' });
    await signedIn('new.admin@example.com', 'my own long password');

    const again = await new GraphQLClient(server.url).query(ACCEPT, { token, password: 'another long password' });
    expect(again.data!.acceptAdminInvitation).toEqual({
      admin: null,
      userErrors: [
        {
          code: 'NOT_FOUND',
          field: 'token',
          message: 'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
        },
      ],
    });
    expect((await invitee.query(PREVIEW, { token })).data!.adminInvitation).toBeNull();
  });

  it('refuses an expired link and changes nothing', async () => {
    const link = (await (await signedIn()).query(INVITE, { email: 'late@example.com' })).data!.inviteAdmin.invitation.link;
    await server.dataSource.query(
      `UPDATE admin_invitations SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`,
    );
    const response = await new GraphQLClient(server.url).query(ACCEPT, {
      token: link.split('/').pop(),
      password: 'a long enough password',
    });
    expect(response.data!.acceptAdminInvitation.userErrors[0].code).toBe('NOT_FOUND');
    expect(response.setCookie).toEqual([]);
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM admin_users WHERE email = 'late@example.com'`);
    expect(n).toBe(0);
  });

  it('refuses a too-short password, and the link still works afterwards', async () => {
    const link = (await (await signedIn()).query(INVITE, { email: 'short@example.com' })).data!.inviteAdmin.invitation.link;
    const token = link.split('/').pop();
    const invitee = new GraphQLClient(server.url);
    const short = await invitee.query(ACCEPT, { token, password: 'elevenchars' });
    expect(short.data!.acceptAdminInvitation).toEqual({
      admin: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'password', message: 'The password must be at least 12 characters long.' }],
    });
    expect((await invitee.query(PREVIEW, { token })).data!.adminInvitation).toEqual({ email: 'short@example.com' });
  });

  it('refuses an unknown token, a bad address and an existing admin', async () => {
    const unknown = await new GraphQLClient(server.url).query(ACCEPT, { token: 'nope', password: 'a long enough password' });
    expect(unknown.data!.acceptAdminInvitation.userErrors[0].code).toBe('NOT_FOUND');
    const admin = await signedIn();
    expect((await admin.query(INVITE, { email: 'not an address' })).data!.inviteAdmin).toEqual({
      invitation: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'email', message: 'Please enter a valid email address' }],
    });
    expect((await admin.query(INVITE, { email: ADMIN_EMAIL.toUpperCase() })).data!.inviteAdmin.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'email', message: 'An admin with this email address already exists.' },
    ]);
  });
});

describe('pending invitations', () => {
  const tokenOf = (link: string) => link.split('/').pop()!;
  const pendingFor = async (client: GraphQLClient, email: string) =>
    (await client.query(PENDING)).data!.adminInvitations.filter((i: { email: string }) => i.email === email);

  it('are listed with who sent them until accepted, and a revoked one stops working at once', async () => {
    const admin = await signedIn();
    const { link } = (await admin.query(INVITE, { email: 'listed@example.com' })).data!.inviteAdmin.invitation;
    const [pending] = await pendingFor(admin, 'listed@example.com');
    expect(pending).toEqual({
      id: expect.any(String),
      email: 'listed@example.com',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      invitedBy: ADMIN_EMAIL,
    });

    const revoked = (await admin.query(REVOKE, { invitationId: pending.id })).data!.revokeAdminInvitation;
    expect(revoked).toEqual({ invitationId: pending.id, userErrors: [] });
    expect(await pendingFor(admin, 'listed@example.com')).toEqual([]);
    const anonymous = new GraphQLClient(server.url);
    expect((await anonymous.query(PREVIEW, { token: tokenOf(link) })).data!.adminInvitation).toBeNull();
    const accepted = (await anonymous.query(ACCEPT, { token: tokenOf(link), password: 'a brand new password' })).data!
      .acceptAdminInvitation;
    expect(accepted).toEqual({ admin: null, userErrors: [{ code: 'NOT_FOUND', field: 'token', message: INVALID }] });
    expect(await server.dataSource.query(`SELECT 1 FROM admin_users WHERE email = 'listed@example.com'`)).toEqual([]);

    // Again: nothing more happens.
    expect((await admin.query(REVOKE, { invitationId: pending.id })).data!.revokeAdminInvitation.userErrors).toEqual([]);
  });

  it('refuses to revoke an accepted invitation, or one that does not exist', async () => {
    const admin = await signedIn();
    const { email } = await newAdmin();
    const [{ id }] = await server.dataSource.query('SELECT id FROM admin_invitations WHERE email = $1', [email]);
    expect((await admin.query(REVOKE, { invitationId: id })).data!.revokeAdminInvitation.userErrors).toEqual([
      {
        code: 'NOT_ALLOWED',
        field: 'invitationId',
        message: 'This invitation has already been accepted. Disable the admin instead.',
      },
    ]);
    for (const invitationId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await admin.query(REVOKE, { invitationId })).data!.revokeAdminInvitation.userErrors).toEqual([
        { code: 'NOT_FOUND', field: 'invitationId', message: 'No invitation with this id exists.' },
      ]);
    }
  });

  it('stop working when the admin who sent them is disabled, and stay dead when they are enabled again', async () => {
    const owner = await signedIn();
    const inviter = await newAdmin();
    const { link } = (await inviter.client.query(INVITE, { email: 'from-disabled@example.com' })).data!.inviteAdmin.invitation;
    expect(await pendingFor(owner, 'from-disabled@example.com')).toHaveLength(1);

    expect((await owner.query(DISABLE, { adminId: inviter.id })).data!.disableAdmin.userErrors).toEqual([]);
    expect(await pendingFor(owner, 'from-disabled@example.com')).toEqual([]);
    const anonymous = new GraphQLClient(server.url);
    expect((await anonymous.query(PREVIEW, { token: tokenOf(link) })).data!.adminInvitation).toBeNull();
    expect(
      (await anonymous.query(ACCEPT, { token: tokenOf(link), password: 'a brand new password' })).data!.acceptAdminInvitation
        .userErrors[0].message,
    ).toBe(INVALID);

    expect((await owner.query(ENABLE, { adminId: inviter.id })).data!.enableAdmin.userErrors).toEqual([]);
    expect((await anonymous.query(PREVIEW, { token: tokenOf(link) })).data!.adminInvitation).toBeNull();
    expect(await server.dataSource.query(`SELECT 1 FROM admin_users WHERE email = 'from-disabled@example.com'`)).toEqual([]);
  });
});

describe('the admin list', () => {
  it('shows each admin with when they joined, last signed in and whether they are disabled', async () => {
    const { email } = await newAdmin();
    const admins = (await (await signedIn()).query(ADMINS)).data!.admins;
    const first = admins.find((a: { email: string }) => a.email === ADMIN_EMAIL);
    expect(first).toMatchObject({ createdAt: expect.any(String), lastLoginAt: expect.any(String), disabledAt: null });
    expect(admins.map((a: { email: string }) => a.email)).toContain(email);
  });
});

describe('disabling an admin', () => {
  it('ends their sessions at once and refuses their sign-in until enabled again', async () => {
    const other = await newAdmin();
    expect((await other.client.query(ME)).data!.me).toEqual({ email: other.email });
    const admin = await signedIn();

    const disabled = await admin.query(DISABLE, { adminId: other.id });
    expect(disabled.data!.disableAdmin).toEqual({ admin: { id: other.id, disabledAt: expect.any(String) }, userErrors: [] });
    expect((await other.client.query(ME)).data!.me).toBeNull();
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM admin_sessions WHERE admin_user_id = $1', [
      other.id,
    ]);
    expect(n).toBe(0);
    const refused = await new GraphQLClient(server.url).query(LOGIN, { email: other.email, password: other.password });
    expect(refused.data!.login).toEqual({
      admin: null,
      userErrors: [{ field: null, message: 'This admin account is disabled. Ask another admin to enable it.' }],
    });
    expect(refused.setCookie).toEqual([]);

    expect((await admin.query(ENABLE, { adminId: other.id })).data!.enableAdmin).toEqual({
      admin: { id: other.id, disabledAt: null },
      userErrors: [],
    });
    await signedIn(other.email, other.password);
  });

  it('refuses to disable yourself', async () => {
    const admin = await signedIn();
    const me = (await admin.query('{ me { id } }')).data!.me.id;
    expect((await admin.query(DISABLE, { adminId: me })).data!.disableAdmin).toEqual({
      admin: null,
      userErrors: [{ code: 'NOT_ALLOWED', field: 'adminId', message: 'You cannot disable your own account.' }],
    });
  });

  it('never leaves the shop without an active owner when two disable each other at once', async () => {
    const a = await newAdmin();
    const b = await newAdmin();
    await server.dataSource.query('UPDATE admin_users SET disabled_at = now() WHERE id NOT IN ($1, $2)', [a.id, b.id]);
    const [first, second] = await Promise.all([
      a.client.query(DISABLE, { adminId: b.id }),
      b.client.query(DISABLE, { adminId: a.id }),
    ]);
    const outcomes = [first, second].map(
      (r) => r.data?.disableAdmin?.userErrors?.[0]?.code ?? r.errors?.[0].extensions?.code ?? 'OK',
    );
    expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM admin_users WHERE disabled_at IS NULL');
    expect(n).toBe(1);

    // The losing side, had it got past sign-in before the winner committed, meets the last-owner rule.
    const survivor = outcomes[0] === 'OK' ? a : b;
    const stale = await server.dataSource.query('SELECT id, email FROM admin_users WHERE id = $1', [
      survivor === a ? b.id : a.id,
    ]);
    const refused = await server.app.services.admins.disableAdmin(stale[0], survivor.id);
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'NOT_ALLOWED',
        message: 'The shop needs at least one active owner: make another admin an owner first.',
      }),
    });
    await server.dataSource.query('UPDATE admin_users SET disabled_at = NULL');
  });

  it('refuses an unknown admin id', async () => {
    const response = await (await signedIn()).query(DISABLE, { adminId: 'not-an-id' });
    expect(response.data!.disableAdmin.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'adminId' });
  });
});

describe('changing your password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const { email, password } = await newAdmin();
    const client = await signedIn(email, password);
    const response = await client.query(CHANGE, { currentPassword: 'not my password', newPassword: 'a fresh long password' });
    expect(response.data!.changePassword).toEqual({
      admin: null,
      userErrors: [{ code: 'INVALID_CREDENTIALS', field: 'currentPassword', message: 'Your current password is not correct.' }],
    });
    await signedIn(email, password);
  });

  it('refuses a too-short new password', async () => {
    const { email, password } = await newAdmin();
    const client = await signedIn(email, password);
    const response = await client.query(CHANGE, { currentPassword: password, newPassword: 'short' });
    expect(response.data!.changePassword.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'newPassword', message: 'The password must be at least 12 characters long.' },
    ]);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const { email, password, client: elsewhere } = await newAdmin();
    const here = await signedIn(email, password);
    const response = await here.query(CHANGE, { currentPassword: password, newPassword: 'a fresh long password' });
    expect(response.data!.changePassword).toEqual({ admin: { email }, userErrors: [] });
    expect((await here.query(ME)).data!.me).toEqual({ email });
    expect((await elsewhere.query(ME)).data!.me).toBeNull();
    const old = await new GraphQLClient(server.url).query(LOGIN, { email, password });
    expect(old.data!.login.admin).toBeNull();
    await signedIn(email, 'a fresh long password');
  });
});

describe('npm run admin:create (recovery)', () => {
  it('re-enables a disabled admin with the new password', async () => {
    const other = await newAdmin();
    await (await signedIn()).query(DISABLE, { adminId: other.id });
    await server.app.services.auth.upsertAdmin(other.email, 'a recovered long password');
    await signedIn(other.email, 'a recovered long password');
  });
});
