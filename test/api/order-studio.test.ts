/**
 * The studio's record of an order: who has taken it and the notes staff leave each other. Both
 * are in the order's history for the staff, neither ever reaches the parent, and a refusal
 * changes nothing.
 */
import { createAdmin, signIn } from '../support/admin';
import { placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let owner: GraphQLClient;
let ownerId: string;
let studio: GraphQLClient;
let studioId: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  owner = new GraphQLClient(server.url);
  await signIn(owner);
  ownerId = (await owner.query('{ me { id } }')).data!.me.id;
  const invited = (
    await owner.query(`mutation { inviteAdmin(email: "maker@example.com", role: STUDIO) { invitation { link } } }`)
  ).data!.inviteAdmin.invitation.link as string;
  studio = new GraphQLClient(server.url);
  const accepted = await studio.query(
    `mutation($t: String!) { acceptAdminInvitation(token: $t, password: "a studio password") { admin { id } } }`,
    { t: invited.split('/').pop() },
  );
  studioId = accepted.data!.acceptAdminInvitation.admin.id;
});
afterAll(() => server?.close());

const ASSIGN = `mutation($orderId: ID!, $adminId: ID) {
  assignOrder(orderId: $orderId, adminId: $adminId) { orderId userErrors { code field message } }
}`;
const NOTE = `mutation($orderId: ID!, $text: String!) {
  addOrderNote(orderId: $orderId, text: $text) { note { id text authorEmail createdAt } userErrors { code field message } }
}`;
const STUDIO_VIEW = `query($id: ID!) {
  order(id: $id) { id assignee { id email } notes { text authorEmail } events { type actor } }
}`;
const PARENT_PAGE = 'query($token: String!) { orderPage(token: $token) { timeline { title detail } } }';
const MISSING_ORDER = '00000000-0000-4000-8000-000000000000';

const view = async (id: string) => (await owner.query(STUDIO_VIEW, { id })).data!.order;
const studioEvents = async (id: string) =>
  (await view(id)).events.filter((e: { type: string }) => e.type === 'assigned' || e.type === 'note_added');

describe('assigning an order', () => {
  it('gives it to me, to a colleague and back to nobody, each step in the history once', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    expect((await view(orderId)).assignee).toBeNull();

    expect((await studio.query(ASSIGN, { orderId, adminId: studioId })).data!.assignOrder).toEqual({ orderId, userErrors: [] });
    expect((await view(orderId)).assignee).toEqual({ id: studioId, email: 'maker@example.com' });
    // Again: nothing more is recorded.
    await studio.query(ASSIGN, { orderId, adminId: studioId });

    await owner.query(ASSIGN, { orderId, adminId: ownerId });
    expect((await view(orderId)).assignee.id).toBe(ownerId);
    await owner.query(ASSIGN, { orderId, adminId: null });
    expect((await view(orderId)).assignee).toBeNull();

    expect(await studioEvents(orderId)).toEqual([
      { type: 'assigned', actor: 'admin:maker@example.com' },
      { type: 'assigned', actor: 'admin:admin@example.com' },
      { type: 'assigned', actor: 'admin:admin@example.com' },
    ]);
    const [{ data }] = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'assigned' ORDER BY created_at LIMIT 1`,
      [orderId],
    );
    expect(data).toEqual({ assignee: 'maker@example.com' });
  });

  it('refuses an unknown order, an unknown admin and a disabled one, and changes nothing', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    const refusals = [
      [
        { orderId: MISSING_ORDER, adminId: ownerId },
        { code: 'NOT_FOUND', field: 'orderId', message: 'Order not found.' },
      ],
      [
        { orderId: 'nope', adminId: ownerId },
        { code: 'NOT_FOUND', field: 'orderId', message: 'Order not found.' },
      ],
      [
        { orderId, adminId: MISSING_ORDER },
        { code: 'NOT_FOUND', field: 'adminId', message: 'No active admin with this id exists.' },
      ],
      [
        { orderId, adminId: 'x' },
        { code: 'NOT_FOUND', field: 'adminId', message: 'No active admin with this id exists.' },
      ],
    ] as const;
    for (const [variables, error] of refusals) {
      expect((await owner.query(ASSIGN, variables)).data!.assignOrder).toEqual({ orderId: null, userErrors: [error] });
    }
    await server.dataSource.query('UPDATE admin_users SET disabled_at = now() WHERE id = $1', [studioId]);
    try {
      const refused = (await owner.query(ASSIGN, { orderId, adminId: studioId })).data!.assignOrder;
      expect(refused.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'adminId' });
    } finally {
      await server.dataSource.query('UPDATE admin_users SET disabled_at = NULL WHERE id = $1', [studioId]);
    }
    expect((await view(orderId)).assignee).toBeNull();
    expect(await studioEvents(orderId)).toEqual([]);
  });

  it('is refused to anyone not signed in', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    const response = await new GraphQLClient(server.url).query(ASSIGN, { orderId, adminId: ownerId });
    expect(response.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await server.dataSource.query('SELECT 1 FROM order_assignments WHERE order_id = $1', [orderId])).toEqual([]);
  });
});

describe('notes about an order', () => {
  it('keeps each note with its author and time, oldest first, and the history says only that one was added', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    const first = (await studio.query(NOTE, { orderId, text: '  Spelling: Zoë with the diaeresis.\nCheck page 3.  ' })).data!
      .addOrderNote;
    expect(first).toEqual({
      note: {
        id: expect.any(String),
        text: 'Spelling: Zoë with the diaeresis.\nCheck page 3.',
        authorEmail: 'maker@example.com',
        createdAt: expect.any(String),
      },
      userErrors: [],
    });
    await owner.query(NOTE, { orderId, text: 'Thanks, fixed.' });
    expect((await view(orderId)).notes).toEqual([
      { text: 'Spelling: Zoë with the diaeresis.\nCheck page 3.', authorEmail: 'maker@example.com' },
      { text: 'Thanks, fixed.', authorEmail: 'admin@example.com' },
    ]);
    const events = await server.dataSource.query(
      `SELECT data FROM order_events WHERE order_id = $1 AND type = 'note_added' ORDER BY created_at`,
      [orderId],
    );
    expect(events).toEqual([{ data: { noteId: first.note.id } }, { data: { noteId: expect.any(String) } }]);
  });

  it.each([
    ['an empty note', '   ', { code: 'INVALID_INPUT', field: 'text', message: 'Please write the note.' }],
    [
      'a note over 2,000 characters',
      'x'.repeat(2001),
      { code: 'INVALID_INPUT', field: 'text', message: 'Please keep a note to 2,000 characters or fewer.' },
    ],
    [
      'a note with a NUL byte',
      'fine\u0000not',
      { code: 'INVALID_INPUT', field: 'text', message: 'A note cannot contain control characters.' },
    ],
  ])('refuses %s and stores nothing', async (_name, text, error) => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    expect((await owner.query(NOTE, { orderId, text })).data!.addOrderNote).toEqual({ note: null, userErrors: [error] });
    expect((await view(orderId)).notes).toEqual([]);
    expect(await studioEvents(orderId)).toEqual([]);
  });

  it('refuses a note on an unknown order, and to anyone not signed in', async () => {
    expect((await owner.query(NOTE, { orderId: MISSING_ORDER, text: 'hello' })).data!.addOrderNote.userErrors).toEqual([
      { code: 'NOT_FOUND', field: 'orderId', message: 'Order not found.' },
    ]);
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url));
    const anonymous = await new GraphQLClient(server.url).query(NOTE, { orderId, text: 'hello' });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await server.dataSource.query('SELECT 1 FROM order_notes WHERE order_id = $1', [orderId])).toEqual([]);
  });
});

describe('what the parent sees', () => {
  it('never shows a note or an assignment, and a deletion of the child data blanks the notes', async () => {
    const parent = new GraphQLClient(server.url);
    const { orderId, checkoutToken } = await placePaidOrder(parent);
    await owner.query(NOTE, { orderId, text: 'Ivy looks like her older sister: careful with the hair.' });
    await owner.query(ASSIGN, { orderId, adminId: studioId });

    const page = await parent.query(PARENT_PAGE, { token: checkoutToken });
    expect(page.errors).toBeUndefined();
    expect(JSON.stringify(page.data)).not.toMatch(/sister|maker@example\.com|note|assign/i);
    expect(page.data!.orderPage.timeline.map((e: { title: string }) => e.title)).toEqual(['Order placed', 'Payment received']);

    const deleted = await parent.query(
      'mutation($token: String!) { deleteChildData(token: $token) { userErrors { message } } }',
      { token: checkoutToken },
    );
    expect(deleted.data!.deleteChildData.userErrors).toEqual([]);
    expect((await view(orderId)).notes).toEqual([
      { text: "[deleted at the parent's request]", authorEmail: 'admin@example.com' },
    ]);
    const stored = await server.dataSource.query('SELECT text FROM order_notes WHERE order_id = $1', [orderId]);
    expect(JSON.stringify(stored)).not.toContain('sister');
  });
});
