/**
 * A paid book corrected or cancelled by the parent from the order page, until the studio starts
 * on it (assigned, a proof sent) and at most 12 hours after payment: the same rules and messages
 * as a new order, a full refund on cancelling, and a refusal that says why (and changes nothing)
 * once the window has closed, also when the studio's step and the parent's change race.
 */
import { createAdmin, signIn } from '../support/admin';
import { placePaidOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { itOnPostgres, sessionsWaitingForLocks } from '../support/postgres-only';
import { proofFile, SEND_PROOF } from '../support/proofs';
import { PAID_CHANGE_MESSAGES } from '../../server/src/order-page/paid-order-window';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: GraphQLClient;
let parent: GraphQLClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
  adminId = (await admin.query('{ me { id } }')).data!.me.id;
  parent = new GraphQLClient(server.url);
});
afterAll(() => server?.close());

const PAGE_FIELDS = `status childName childAge dedication
  shippingAddress { fullName streetAddress addressLine2 city state zipCode country phone }
  changes { open until whyNot } timeline { title detail }`;
const PAGE = `query($token: String!) { orderPage(token: $token) { ${PAGE_FIELDS} } }`;
const CORRECT = `mutation($token: String!, $input: PaidOrderChangesInput!) {
  correctPaidOrder(token: $token, input: $input) { order { ${PAGE_FIELDS} } userErrors { code field message } }
}`;
const CANCEL = `mutation($token: String!) {
  cancelPaidOrder(token: $token) { order { ${PAGE_FIELDS} refunds { amountCents } } userErrors { code field message } }
}`;
const ASSIGN = `mutation($orderId: ID!, $adminId: ID) { assignOrder(orderId: $orderId, adminId: $adminId) { orderId } }`;

const STARTED =
  'Our studio has started on this book, so it can no longer be changed or cancelled here. Please contact us and we will see what we can still do.';
const TOO_LATE =
  'It is more than 12 hours since you paid, so our studio may already be working on this book. Please contact us and we will see what we can still do.';

/** The order's row, history, e-mails and refunds: what a refusal must leave as it was. */
const snapshot = async (id: string) => ({
  order: (await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [id]))[0],
  events: (await server.dataSource.query('SELECT type FROM order_events WHERE order_id = $1 ORDER BY created_at, id', [id])).map(
    (row: { type: string }) => row.type,
  ),
  emails: (await server.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1', [id])).length,
  refunds: (await server.dataSource.query('SELECT id FROM refunds WHERE order_id = $1', [id])).length,
});

const corrected = (changes: Record<string, unknown> = {}) => ({
  childName: ' Mila ',
  childAge: 7,
  dedication: 'For Mila,\nwith love from Grandma',
  shippingAddress: {
    fullName: 'Sam Parent',
    streetAddress: '14 Oak Street',
    addressLine2: 'Apt 2',
    city: 'Portland',
    state: 'OR',
    zipCode: '97202',
    country: 'United States',
  },
  ...changes,
});

describe('a paid book before the studio starts on it', () => {
  it('may be corrected: name, age, dedication and address, by the rules of a new order, in the history', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const page = (await parent.query(PAGE, { token })).data!.orderPage;
    expect(page.changes.open).toBe(true);
    const paidAt = (await server.dataSource.query('SELECT paid_at FROM orders WHERE id = $1', [orderId]))[0].paid_at;
    expect(new Date(page.changes.until).getTime() - new Date(paidAt).getTime()).toBe(12 * 3600_000);

    const answer = (await parent.query(CORRECT, { token, input: corrected() })).data!.correctPaidOrder;
    expect(answer.userErrors).toEqual([]);
    expect(answer.order).toMatchObject({
      status: 'Paid',
      childName: 'Mila',
      childAge: 7,
      dedication: 'For Mila,\nwith love from Grandma',
      shippingAddress: { streetAddress: '14 Oak Street', addressLine2: 'Apt 2', zipCode: '97202' },
    });
    expect(answer.order.timeline.at(-1)).toEqual({
      title: "You corrected the book's details",
      detail: "Child's name, age, dedication, shipping address",
    });
    const [event] = await server.dataSource.query(
      `SELECT actor, data FROM order_events WHERE order_id = $1 AND type = 'details_corrected'`,
      [orderId],
    );
    expect(event.actor).toBe('customer');
  });

  it("refuses what a new order's rules refuse, with their messages, and changes nothing", async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const before = await snapshot(orderId);
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ childName: '  ' }, 'childName', 'Missing required fields'],
      [{ childAge: 13 }, 'childAge', 'Child age must be between 2 and 12'],
      [{ dedication: 'd'.repeat(301) }, 'dedication', 'Dedication must be at most 300 characters'],
      [{ shippingAddress: null }, 'shippingAddress.fullName', 'Shipping address is required for printed books'],
      [
        { shippingAddress: { ...corrected().shippingAddress, zipCode: 'M5V 2T6' } },
        'shippingAddress.zipCode',
        'Invalid ZIP or postal code for the country',
      ],
    ];
    for (const [changes, field, message] of refusals) {
      const answer = (await parent.query(CORRECT, { token, input: corrected(changes) })).data!.correctPaidOrder;
      expect(answer).toEqual({ order: null, userErrors: [{ code: 'INVALID_INPUT', field, message }] });
    }
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('keeps no address for a digital book, even when one is sent', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, digitalOrder());
    const input = { childName: 'Mia', childAge: 5, dedication: null, shippingAddress: corrected().shippingAddress };
    const answer = (await parent.query(CORRECT, { token, input })).data!.correctPaidOrder;
    expect(answer.order).toMatchObject({ childAge: 5, shippingAddress: null });
    expect((await server.dataSource.query('SELECT shipping_address FROM orders WHERE id = $1', [orderId]))[0]).toEqual({
      shipping_address: null,
    });
  });

  it('records nothing when nothing changed, and only what changed: the stored address is compared field by field', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const stored = (await parent.query(PAGE, { token })).data!.orderPage;
    const same = {
      childName: stored.childName,
      childAge: stored.childAge,
      dedication: stored.dedication,
      // As the form sends it: blanks for the optional fields the order has none of.
      shippingAddress: { ...stored.shippingAddress, addressLine2: '', phone: '' },
    };
    const before = await snapshot(orderId);
    expect((await parent.query(CORRECT, { token, input: same })).data!.correctPaidOrder.userErrors).toEqual([]);
    expect(await snapshot(orderId)).toEqual(before);

    const renamed = (await parent.query(CORRECT, { token, input: { ...same, childName: 'Mira' } })).data!.correctPaidOrder;
    expect(renamed.order.timeline.at(-1)).toEqual({ title: "You corrected the book's details", detail: "Child's name" });
  });

  it('may be cancelled, with the whole price refunded and the parent e-mailed', async () => {
    const withPhone = { ...printedOrder(), shippingAddress: { ...printedOrder().shippingAddress, phone: '503 555 0199' } };
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, withPhone);
    const answer = (await parent.query(CANCEL, { token })).data!.cancelPaidOrder;
    expect(answer.userErrors).toEqual([]);
    expect(answer.order).toMatchObject({ status: 'Refunded', refunds: [{ amountCents: 5000 }], changes: { open: false } });
    const emails = await server.dataSource.query('SELECT template FROM outbox_emails WHERE order_id = $1', [orderId]);
    expect(emails.map((row: { template: string }) => row.template)).toContain('refund-confirmation');
    // Once cancelled, neither works again, and the phone kept for the carrier is gone.
    const again = (await parent.query(CANCEL, { token })).data!.cancelPaidOrder;
    expect(again.userErrors[0]).toMatchObject({ code: 'WRONG_STATUS', message: PAID_CHANGE_MESSAGES.notPaid });
    expect(answer.order.shippingAddress.phone).toBeNull();
  });

  it('closes while a cancellation is being refunded: no second cancel, no correction', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    // What a refund the provider keeps pending leaves: the order still Paid, the parent's refund open.
    const paymentId = (await server.dataSource.query('SELECT payment_id FROM orders WHERE id = $1', [orderId]))[0].payment_id;
    await server.dataSource.query(
      `INSERT INTO refunds (id, order_id, provider, status, payment_id, amount_cents, reason, actor)
       VALUES (gen_random_uuid(), $1, 'sandbox', 'pending', $2, 5000, 'cancelled', 'customer')`,
      [orderId, paymentId],
    );
    const page = (await parent.query(PAGE, { token })).data!.orderPage;
    expect(page.changes).toEqual({ open: false, until: null, whyNot: PAID_CHANGE_MESSAGES.cancelling });
    const correction = (await parent.query(CORRECT, { token, input: corrected() })).data!.correctPaidOrder;
    expect(correction.userErrors[0]).toMatchObject({ code: 'WRONG_STATUS', message: PAID_CHANGE_MESSAGES.cancelling });
    const cancellation = (await parent.query(CANCEL, { token })).data!.cancelPaidOrder;
    expect(cancellation.userErrors[0]).toMatchObject({ code: 'WRONG_STATUS', message: PAID_CHANGE_MESSAGES.cancelling });
  });
});

describe('once the studio has started, or 12 hours have passed', () => {
  const refusedBoth = async (orderId: string, token: string, message: string) => {
    const before = await snapshot(orderId);
    expect((await parent.query(PAGE, { token })).data!.orderPage.changes).toEqual({ open: false, until: null, whyNot: message });
    const correction = (await parent.query(CORRECT, { token, input: corrected() })).data!.correctPaidOrder;
    expect(correction).toEqual({ order: null, userErrors: [{ code: 'WRONG_STATUS', field: 'token', message }] });
    const cancellation = (await parent.query(CANCEL, { token })).data!.cancelPaidOrder;
    expect(cancellation).toMatchObject({ order: null, userErrors: [{ code: 'WRONG_STATUS', message }] });
    expect(await snapshot(orderId)).toEqual(before);
  };

  it('refuses both once the book is assigned, even if it is given back', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    await admin.query(ASSIGN, { orderId, adminId });
    await refusedBoth(orderId, token, STARTED);
    await admin.query(ASSIGN, { orderId, adminId: null });
    await refusedBoth(orderId, token, STARTED);
  });

  it('refuses both once a proof was sent', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const sent = await admin.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
    expect(sent.data!.sendProof.userErrors).toEqual([]);
    await refusedBoth(orderId, token, STARTED);
  });

  it('refuses both 12 hours after payment, however untouched the book', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, digitalOrder());
    await server.dataSource.query(`UPDATE orders SET paid_at = now() - interval '12 hours 1 second' WHERE id = $1`, [orderId]);
    await refusedBoth(orderId, token, TOO_LATE);
  });

  itOnPostgres('lets an assignment already waiting for the order win over a correction that arrives after it', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const before = await snapshot(orderId);
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    let assignment: Promise<unknown>;
    let correction: Promise<{ data?: { correctPaidOrder: { userErrors: unknown[] } } }>;
    try {
      assignment = admin.query(ASSIGN, { orderId, adminId });
      expect(await sessionsWaitingForLocks(server.dataSource, 1)).toBe(1);
      correction = parent.query(CORRECT, { token, input: corrected() });
      expect(await sessionsWaitingForLocks(server.dataSource, 2)).toBe(2);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    await assignment;
    expect((await correction).data!.correctPaidOrder.userErrors).toEqual([
      { code: 'WRONG_STATUS', field: 'token', message: STARTED },
    ]);
    const after = await snapshot(orderId);
    expect(after.order.child_name).toBe(before.order.child_name);
    expect(after.events).toEqual([...before.events, 'assigned']);
  });

  itOnPostgres('lets a correction already waiting win over an assignment that arrives after it', async () => {
    const { orderId, checkoutToken: token } = await placePaidOrder(parent, printedOrder());
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
    let correction: Promise<{ data?: { correctPaidOrder: { userErrors: unknown[] } } }>;
    let assignment: Promise<unknown>;
    try {
      correction = parent.query(CORRECT, { token, input: corrected() });
      expect(await sessionsWaitingForLocks(server.dataSource, 1)).toBe(1);
      assignment = admin.query(ASSIGN, { orderId, adminId });
      expect(await sessionsWaitingForLocks(server.dataSource, 2)).toBe(2);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    expect((await correction).data!.correctPaidOrder.userErrors).toEqual([]);
    await assignment;
    const after = await snapshot(orderId);
    expect(after.order.child_name).toBe('Mila');
    expect(after.events.slice(-2)).toEqual(['details_corrected', 'assigned']);
  });
});
