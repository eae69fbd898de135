/**
 * Roles: an OWNER runs the shop; a STUDIO member works orders and is refused money, the team and
 * the customer list with FORBIDDEN, changing nothing. The shop never runs out of active owners.
 */
import { ADMIN_EMAIL, createAdmin, signIn } from '../support/admin';
import { placeOrder, placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { printedOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let owner: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example' });
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
});
afterAll(() => server?.close());

const ME = '{ me { id email role } }';
const INVITE = `mutation($email: String!, $role: AdminRole!) {
  inviteAdmin(email: $email, role: $role) { invitation { email role link } userErrors { code field message } }
}`;
const ACCEPT = `mutation($token: String!, $password: String!) {
  acceptAdminInvitation(token: $token, password: $password) { admin { id email role } userErrors { code field message } }
}`;
const SET_ROLE = `mutation($adminId: ID!, $role: AdminRole!) {
  setAdminRole(adminId: $adminId, role: $role) { admin { id role } userErrors { code field message } }
}`;
const DISABLE = `mutation($adminId: ID!) {
  disableAdmin(adminId: $adminId) { admin { id disabledAt } userErrors { code field message } }
}`;
const ORDER = 'query($id: ID!) { order(id: $id) { id status email refunds { status } } }';
const FORBIDDEN = 'Only an owner of the shop can do this.';

let staff = 0;
async function member(role: 'OWNER' | 'STUDIO') {
  const email = `${role.toLowerCase()}${++staff}@example.com`;
  const invited = (await owner.query(INVITE, { email, role })).data!.inviteAdmin;
  expect(invited).toMatchObject({ invitation: { email, role }, userErrors: [] });
  const client = new GraphQLClient(server.url);
  const accepted = await client.query(ACCEPT, { token: invited.invitation.link.split('/').pop(), password: 'a studio password' });
  return { id: accepted.data!.acceptAdminInvitation.admin.id as string, email, client };
}

describe('roles', () => {
  it('makes the admins who existed before roles, and admin:create, owners', async () => {
    expect((await owner.query(ME)).data!.me).toMatchObject({ email: ADMIN_EMAIL, role: 'OWNER' });
    const [{ column_default }] = await server.dataSource.query(
      `SELECT column_default FROM information_schema.columns WHERE table_name = 'admin_users' AND column_name = 'role'`,
    );
    expect(column_default).toContain('OWNER');
  });

  it('gives the invitee the role of the invitation, says it in the e-mail and lists it while pending', async () => {
    const email = 'illustrator@example.com';
    const invited = (await owner.query(INVITE, { email, role: 'STUDIO' })).data!.inviteAdmin;
    const pending = (await owner.query('{ adminInvitations { email role } }')).data!.adminInvitations;
    expect(pending).toContainEqual({ email, role: 'STUDIO' });
    const [mail] = await server.dataSource.query(`SELECT text FROM outbox_emails WHERE to_address = $1`, [email]);
    expect(mail.text).toContain('as a studio member');

    const client = new GraphQLClient(server.url);
    const accepted = await client.query(ACCEPT, {
      token: invited.invitation.link.split('/').pop(),
      password: 'a studio password',
    });
    expect(accepted.data!.acceptAdminInvitation.admin).toMatchObject({ email, role: 'STUDIO' });
    expect((await client.query(ME)).data!.me.role).toBe('STUDIO');
  });

  it('invites as STUDIO when no role is given: the least an admin can be', async () => {
    const response = await owner.query(
      `mutation { inviteAdmin(email: "norole@example.com") { invitation { role } userErrors { code } } }`,
    );
    expect(response.data!.inviteAdmin).toEqual({ invitation: { role: 'STUDIO' }, userErrors: [] });
  });

  it('refuses a role the shop does not have', async () => {
    const response = await owner.query(INVITE, { email: 'boss@example.com', role: 'ADMIN' });
    expect(response.errors?.[0].message).toContain('AdminRole');
    expect(await server.dataSource.query(`SELECT 1 FROM admin_invitations WHERE email = 'boss@example.com'`)).toEqual([]);
  });
});

describe('a studio member', () => {
  it('works orders: the list, an order with its details, and sees who is on the team', async () => {
    const studio = await member('STUDIO');
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), printedOrder());
    const list = await studio.client.query('{ orders(first: 5) { totalCount edges { node { id } } } }');
    expect(list.errors).toBeUndefined();
    expect(list.data!.orders.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(orderId);
    const order = (await studio.client.query(ORDER, { id: orderId })).data!.order;
    expect(order).toMatchObject({ id: orderId, status: 'Paid' });
    const admins = await studio.client.query('{ admins { email role } }');
    expect(admins.data!.admins).toContainEqual({ email: ADMIN_EMAIL, role: 'OWNER' });
  });

  it.each([
    ['refundOrder', 'mutation($id: ID!) { refundOrder(orderId: $id, reason: "x") { userErrors { code } } }'],
    ['refundExtraCharge', 'mutation($id: ID!) { refundExtraCharge(orderId: $id, paymentId: "p") { userErrors { code } } }'],
    ['cancelOrder', 'mutation($id: ID!) { cancelOrder(orderId: $id) { userErrors { code } } }'],
  ])('is refused %s with FORBIDDEN, and the order is as it was', async (_name, mutation) => {
    const studio = await member('STUDIO');
    const customer = new GraphQLClient(server.url);
    const paid = await placePaidOrder(customer);
    const pending = await placeOrder(customer);
    const events = async (id: string) =>
      (await server.dataSource.query('SELECT count(*)::int AS n FROM order_events WHERE order_id = $1', [id]))[0].n;
    for (const id of [paid.orderId, pending.orderId]) {
      const before = { order: (await owner.query(ORDER, { id })).data!.order, events: await events(id) };
      const response = await studio.client.query(mutation, { id });
      expect(response.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
      expect(response.data ?? null).toBeNull();
      expect({ order: (await owner.query(ORDER, { id })).data!.order, events: await events(id) }).toEqual(before);
    }
  });

  it('is refused the team and the background jobs with FORBIDDEN, changing nothing', async () => {
    const studio = await member('STUDIO');
    const other = await member('STUDIO');
    const [{ id: invitationId }] = await server.dataSource.query(
      `INSERT INTO admin_invitations (id, email, role, token_hash, invited_by, expires_at)
       VALUES (gen_random_uuid(), 'waiting@example.com', 'STUDIO', repeat('a', 64), $1, now() + interval '1 day') RETURNING id`,
      [(await owner.query(ME)).data!.me.id],
    );
    const attempts: Array<[string, Record<string, unknown>]> = [
      [INVITE, { email: 'friend@example.com', role: 'STUDIO' }],
      ['{ adminInvitations { id } }', {}],
      ['mutation($id: ID!) { revokeAdminInvitation(invitationId: $id) { invitationId } }', { id: invitationId }],
      [DISABLE, { adminId: other.id }],
      ['mutation($id: ID!) { enableAdmin(adminId: $id) { admin { id } } }', { id: other.id }],
      [SET_ROLE, { adminId: studio.id, role: 'OWNER' }],
      ['{ failedJobs { id } }', {}],
    ];
    for (const [query, variables] of attempts) {
      const response = await studio.client.query(query, variables);
      expect(response.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(response.data ?? null).toBeNull();
    }
    const rows = await server.dataSource.query(
      `SELECT email, role, disabled_at FROM admin_users WHERE id IN ($1, $2) ORDER BY email`,
      [studio.id, other.id],
    );
    expect(rows.map((r: { role: string; disabled_at: Date | null }) => [r.role, r.disabled_at])).toEqual([
      ['STUDIO', null],
      ['STUDIO', null],
    ]);
    expect(await server.dataSource.query(`SELECT 1 FROM admin_invitations WHERE email = 'friend@example.com'`)).toEqual([]);
    const [invitation] = await server.dataSource.query('SELECT revoked_at FROM admin_invitations WHERE id = $1', [invitationId]);
    expect(invitation.revoked_at).toBeNull();
  });

  it('is refused the CSV export with 403, where an owner gets the file', async () => {
    const studio = await member('STUDIO');
    const refused = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: studio.client.cookie! } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('Only an owner of the shop can export orders.');
    const allowed = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie: owner.cookie! } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/csv');
  });

  it("gets an owner's access at once when made one, and loses it when made studio again", async () => {
    const promoted = await member('STUDIO');
    const set = (role: string) => owner.query(SET_ROLE, { adminId: promoted.id, role });
    expect((await set('OWNER')).data!.setAdminRole).toEqual({ admin: { id: promoted.id, role: 'OWNER' }, userErrors: [] });
    const jobs = await promoted.client.query('{ failedJobs { id } }');
    expect(jobs.errors).toBeUndefined();
    expect((await set('STUDIO')).data!.setAdminRole.admin.role).toBe('STUDIO');
    expect((await promoted.client.query('{ failedJobs { id } }')).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the last active owner', () => {
  afterEach(async () => {
    await server.dataSource.query(`UPDATE admin_users SET role = 'OWNER', disabled_at = NULL WHERE email = $1`, [ADMIN_EMAIL]);
    await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE email <> $1`, [ADMIN_EMAIL]);
  });

  it('cannot be made studio, nor disabled, while studio members remain', async () => {
    await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE email <> $1`, [ADMIN_EMAIL]);
    const me = (await owner.query(ME)).data!.me.id;
    const refused = (await owner.query(SET_ROLE, { adminId: me, role: 'STUDIO' })).data!.setAdminRole;
    expect(refused).toEqual({
      admin: null,
      userErrors: [
        {
          code: 'NOT_ALLOWED',
          field: 'role',
          message: 'The shop needs at least one active owner: make another admin an owner first.',
        },
      ],
    });
    expect((await owner.query(ME)).data!.me.role).toBe('OWNER');

    // An owner who is disabled does not count: the one who is left cannot step down.
    const second = await member('OWNER');
    await server.dataSource.query('UPDATE admin_users SET disabled_at = now() WHERE id = $1', [second.id]);
    expect((await owner.query(SET_ROLE, { adminId: me, role: 'STUDIO' })).data!.setAdminRole.userErrors[0].code).toBe(
      'NOT_ALLOWED',
    );
  });

  it('is one of two owners demoting each other at once: exactly one of them succeeds', async () => {
    const a = await member('OWNER');
    const b = await member('OWNER');
    await server.dataSource.query(`UPDATE admin_users SET role = 'STUDIO' WHERE id NOT IN ($1, $2)`, [a.id, b.id]);
    const [first, second] = await Promise.all([
      a.client.query(SET_ROLE, { adminId: b.id, role: 'STUDIO' }),
      b.client.query(SET_ROLE, { adminId: a.id, role: 'STUDIO' }),
    ]);
    const outcomes = [first, second].map(
      (r) => r.data?.setAdminRole?.userErrors?.[0]?.code ?? r.errors?.[0].extensions?.code ?? 'OK',
    );
    expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM admin_users WHERE role = 'OWNER' AND disabled_at IS NULL`,
    );
    expect(n).toBe(1);
  });

  it('cannot be disabled by another owner who is then made studio first', async () => {
    const other = await member('OWNER');
    const me = (await owner.query(ME)).data!.me.id;
    // The other owner steps down; then, as studio, they cannot disable anyone at all.
    expect((await owner.query(SET_ROLE, { adminId: other.id, role: 'STUDIO' })).data!.setAdminRole.userErrors).toEqual([]);
    expect((await other.client.query(DISABLE, { adminId: me })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // And the service itself, asked directly, keeps the last owner.
    const refused = await server.app.services.admins.disableAdmin(
      (await server.dataSource.query('SELECT * FROM admin_users WHERE id = $1', [other.id]))[0],
      me,
    );
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'NOT_ALLOWED',
        message: 'The shop needs at least one active owner: make another admin an owner first.',
      }),
    });
  });

  it('refuses an unknown admin id', async () => {
    const response = await owner.query(SET_ROLE, { adminId: 'nobody', role: 'STUDIO' });
    expect(response.data!.setAdminRole.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'adminId' });
  });
});
