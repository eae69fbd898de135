/**
 * The studio's queue through the real app: each order's items follow its history (paid, made,
 * changes asked, revised, shipped, refunded), soonest due first, filtered by reason and by
 * assignee, paged; overdue items stand out and the staff are e-mailed once for each.
 */
import { createAdmin, signIn } from '../support/admin';
import { placePaidOrder } from '../support/checkout';
import { GraphQLClient, type UploadFile } from '../support/graphql-client';
import { digitalOrder, printedOrder } from '../support/orders';
import { REAL_PDF } from '../support/pdfs';
import { APPROVE_PROOF, proofFile, SEND_PROOF } from '../support/proofs';
import { holdWrites, itOnPostgres, openSession, sessionsWaitingForLocks } from '../support/postgres-only';
import { startTestServer, type TestServer } from '../support/test-server';
import { REAL_MP4 } from '../support/videos';
import { lockExistingOrder } from '../../server/src/orders/order-lock';
import { WorkQueueService } from '../../server/src/studio/work-queue.service';

let server: TestServer;
let admin: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example.com', STAFF_EMAIL: 'studio@shop.example' });
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM work_items'));

const QUEUE = `query($reason: WorkReason, $assignedToMe: Boolean, $first: Int, $after: String) {
  workQueue(reason: $reason, assignedToMe: $assignedToMe, first: $first, after: $after) {
    items { order { id status } reason dueAt overdue since cursor }
    counts { reason count overdue }
    pageInfo { hasNextPage endCursor }
  }
}`;
const COMPLETE = `mutation($orderId: ID!, $video: Upload!, $storybookPdf: Upload) {
  completeOrderWithVideo(orderId: $orderId, video: $video, storybookPdf: $storybookPdf) { userErrors { message } }
}`;
const REVISE = `mutation($orderId: ID!, $video: Upload) {
  reviseDelivery(orderId: $orderId, video: $video) { userErrors { message } }
}`;
const SHIP = `mutation($orderId: ID!) {
  shipOrder(orderId: $orderId, carrier: "UPS", trackingNumber: "1Z999") { userErrors { message } }
}`;
const CHANGE = `mutation($token: String!, $message: String!) { requestOrderChange(token: $token, message: $message) { userErrors { message } } }`;
const REFUND = `mutation($orderId: ID!) { refundOrder(orderId: $orderId, reason: "Sorry") { userErrors { message } } }`;

const video = (): UploadFile => ({ name: 'story.mp4', type: 'video/mp4', data: REAL_MP4 });
const pdf = (): UploadFile => ({ name: 'storybook.pdf', type: 'application/pdf', data: REAL_PDF });

type Item = { order: { id: string; status: string }; reason: string; dueAt: string; overdue: boolean };
async function queue(variables: Record<string, unknown> = {}) {
  const response = await admin.query(QUEUE, variables);
  expect(response.errors).toBeUndefined();
  return response.data!.workQueue as {
    items: Item[];
    counts: Array<{ reason: string; count: number; overdue: number }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}
const itemsOf = async (orderId: string) =>
  (await queue({ first: 100 })).items.filter((item) => item.order.id === orderId).map((item) => item.reason);
const paidAt = async (orderId: string) =>
  new Date((await server.dataSource.query('SELECT paid_at FROM orders WHERE id = $1', [orderId]))[0].paid_at);

describe('the queue follows each order', () => {
  it('has a paid digital book to start, due 24 hours after payment, gone once delivered', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    const { items, counts } = await queue();
    expect(items).toEqual([
      expect.objectContaining({ order: { id: orderId, status: 'Paid' }, reason: 'TO_START', overdue: false }),
    ]);
    expect(new Date(items[0].dueAt).getTime()).toBe((await paidAt(orderId)).getTime() + 24 * 3600_000);
    expect(counts).toContainEqual({ reason: 'TO_START', count: 1, overdue: 0 });
    expect(counts.map((c) => c.reason)).toEqual([
      'TO_START',
      'CHANGES_ASKED',
      'APPROVED',
      'READY_TO_PRINT',
      'PRINT_PROBLEM',
      'PAYMENT_ATTENTION',
      'EMAIL_FAILING',
    ]);

    expect(
      (await admin.upload(COMPLETE, { orderId }, { video: video(), storybookPdf: pdf() })).data!.completeOrderWithVideo,
    ).toEqual({
      userErrors: [],
    });
    expect(await itemsOf(orderId)).toEqual([]);
  });

  it('has a printed book to start, then nothing while its proof waits, then to make once approved, to print and ship once made, then nothing once shipped', async () => {
    const parent = new GraphQLClient(server.url);
    const { orderId, checkoutToken } = await placePaidOrder(parent, printedOrder());
    expect(await itemsOf(orderId)).toEqual(['TO_START']);
    expect((await admin.upload(SEND_PROOF, { orderId }, { proof: proofFile() })).data!.sendProof.userErrors).toEqual([]);
    expect(await itemsOf(orderId)).toEqual([]);
    expect((await parent.query(APPROVE_PROOF, { token: checkoutToken, version: 1 })).data!.approveProof.userErrors).toEqual([]);
    const [approved] = (await queue({ reason: 'APPROVED' })).items;
    expect(approved).toMatchObject({ order: { id: orderId, status: 'Paid' }, reason: 'APPROVED' });
    await admin.upload(COMPLETE, { orderId }, { video: video() });
    const [toPrint] = (await queue({ reason: 'READY_TO_PRINT' })).items;
    expect(toPrint).toMatchObject({ order: { id: orderId, status: 'Completed' }, reason: 'READY_TO_PRINT' });
    // 7 business days after payment: at least 9 calendar days, at most 11.
    const days = (new Date(toPrint.dueAt).getTime() - (await paidAt(orderId)).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(9);
    expect(days).toBeLessThanOrEqual(11);
    expect((await admin.query(SHIP, { orderId })).data!.shipOrder.userErrors).toEqual([]);
    expect(await itemsOf(orderId)).toEqual([]);
  });

  it("has a parent's change to answer, due in 2 days, until a revision answers it", async () => {
    const parent = new GraphQLClient(server.url);
    const { orderId, checkoutToken } = await placePaidOrder(parent, digitalOrder());
    await admin.upload(COMPLETE, { orderId }, { video: video(), storybookPdf: pdf() });
    expect(
      (await parent.query(CHANGE, { token: checkoutToken, message: 'Her name is Zoë' })).data!.requestOrderChange.userErrors,
    ).toEqual([]);
    const [asked] = (await queue({ reason: 'CHANGES_ASKED' })).items;
    expect(asked.order.id).toBe(orderId);
    const [{ created_at: requestedAt }] = await server.dataSource.query(
      `SELECT created_at FROM order_events WHERE order_id = $1 AND type = 'change_requested'`,
      [orderId],
    );
    expect(new Date(asked.dueAt).getTime()).toBe(new Date(requestedAt).getTime() + 48 * 3600_000);
    await admin.upload(REVISE, { orderId }, { video: video() });
    expect(await itemsOf(orderId)).toEqual([]);
  });

  it('drops a refunded order', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    expect(await itemsOf(orderId)).toEqual(['TO_START']);
    expect((await admin.query(REFUND, { orderId })).data!.refundOrder.userErrors).toEqual([]);
    expect(await itemsOf(orderId)).toEqual([]);
  });

  it('has an e-mail the outbox gave up on, until the e-mail is sent again', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    await server.dataSource.query(
      `UPDATE outbox_emails SET status = 'failed' WHERE order_id = $1 AND template = 'order-confirmation'`,
      [orderId],
    );
    await server.app.services.workItems.emailGaveUp(orderId);
    expect((await itemsOf(orderId)).sort()).toEqual(['EMAIL_FAILING', 'TO_START']);
  });

  it('is worked out again, the same, by the rebuild the migration queues', async () => {
    const first = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    const second = await placePaidOrder(new GraphQLClient(server.url), printedOrder());
    await admin.upload(COMPLETE, { orderId: second.orderId }, { video: video() });
    const ours = [first.orderId, second.orderId];
    const itemsOfOurs = () =>
      server.dataSource.query(
        'SELECT order_id, reason, due_at FROM work_items WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, reason',
        [ours],
      );
    const before = await itemsOfOurs();
    expect(before.map((row: { order_id: string }) => row.order_id).sort()).toEqual([...ours].sort());
    await server.dataSource.query('DELETE FROM work_items');
    await server.app.services.workItems.rebuild();
    expect(await itemsOfOurs()).toEqual(before);
    const [queued] = await server.dataSource.query(`SELECT count(*)::int AS n FROM jobs WHERE name = 'work-items-rebuild'`);
    expect(queued.n).toBe(1);
  });
});

describe('reading the queue', () => {
  it('lists the soonest due first, pages by cursor, and refuses a made-up cursor', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push((await placePaidOrder(new GraphQLClient(server.url), digitalOrder())).orderId);
    const firstPage = await queue({ first: 2 });
    expect(firstPage.items.map((i) => i.order.id)).toEqual(orders.slice(0, 2));
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const secondPage = await queue({ first: 2, after: firstPage.pageInfo.endCursor });
    expect(secondPage.items.map((i) => i.order.id)).toEqual([orders[2]]);
    expect(secondPage.pageInfo).toEqual({ hasNextPage: false, endCursor: secondPage.items[0] && expect.any(String) });

    const refused = await admin.query(QUEUE, { after: 'not-a-cursor' });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This page of the queue is out of date: start again from the first page.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('shows only my orders with assignedToMe, counts included', async () => {
    const mine = (await placePaidOrder(new GraphQLClient(server.url), digitalOrder())).orderId;
    await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    const me = (await admin.query('{ me { id } }')).data!.me.id;
    await admin.query(`mutation($o: ID!, $a: ID) { assignOrder(orderId: $o, adminId: $a) { orderId } }`, { o: mine, a: me });
    const assigned = await queue({ assignedToMe: true });
    expect(assigned.items.map((i) => i.order.id)).toEqual([mine]);
    expect(assigned.counts).toContainEqual({ reason: 'TO_START', count: 1, overdue: 0 });
    expect((await queue()).counts).toContainEqual({ reason: 'TO_START', count: 2, overdue: 0 });
  });

  it('is refused to anyone not signed in', async () => {
    const response = await new GraphQLClient(server.url).query(QUEUE);
    expect(response.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('overdue work', () => {
  it('stands out in the queue and e-mails the staff once', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    await server.dataSource.query(`UPDATE work_items SET due_at = now() - interval '1 hour' WHERE order_id = $1`, [orderId]);
    const { items, counts } = await queue();
    expect(items[0]).toMatchObject({ order: { id: orderId }, overdue: true });
    expect(counts).toContainEqual({ reason: 'TO_START', count: 1, overdue: 1 });

    expect(await server.app.services.overdue.notify()).toBe(1);
    expect(await server.app.services.overdue.notify()).toBe(0);
    const sent = await server.dataSource.query(
      `SELECT to_address, subject, text FROM outbox_emails WHERE order_id = $1 AND template = 'staff-overdue'`,
      [orderId],
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].to_address).toBe('studio@shop.example');
    expect(sent[0].subject).toMatch(/^Overdue: the book is not made yet on order /);
    expect(sent[0].text).toContain(`https://shop.example.com/admin/dashboard?order=${orderId}`);
  });
});

describe('overdue work, told while the order changes', () => {
  itOnPostgres('waits for a change that holds the order, rather than deadlock with it', async () => {
    const { orderId } = await placePaidOrder(new GraphQLClient(server.url), digitalOrder());
    await server.dataSource.query(`UPDATE work_items SET due_at = now() - interval '1 hour' WHERE order_id = $1`, [orderId]);
    // The notifier takes the overdue item, then stops at its e-mail until the outbox is let go.
    const outbox = await holdWrites(server.dataSource, 'outbox_emails');
    const session = await openSession(server.dataSource);
    try {
      const notified = server.app.services.overdue.notify();
      expect(await sessionsWaitingForLocks(server.dataSource, 1, { query: 'INSERT INTO "outbox_emails"' })).toBe(1);
      // A change to the order as every change makes one: its row first, then its items.
      await session.runner.startTransaction();
      const change = (async () => {
        await lockExistingOrder(session.runner.manager, orderId);
        await session.runner.query(`DELETE FROM work_items WHERE order_id = $1`, [orderId]);
        await session.runner.commitTransaction();
      })();
      expect(await sessionsWaitingForLocks(server.dataSource, 1, { pid: session.pid })).toBe(1);
      await outbox.release();
      expect(await notified).toBe(1);
      await change;
    } finally {
      await outbox.release();
      await session.close();
    }
    const sent = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_emails WHERE order_id = $1 AND template = 'staff-overdue'`,
      [orderId],
    );
    expect(sent).toEqual([{ n: 1 }]);
    expect(await itemsOf(orderId)).toEqual([]);
  });
});

describe('the overdue counts', () => {
  it('are exact whether the overdue items are counted or the ones still to come are', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push((await placePaidOrder(new GraphQLClient(server.url), digitalOrder())).orderId);
    await server.dataSource.query(`UPDATE work_items SET due_at = now() - interval '1 hour' WHERE order_id = ANY($1)`, [
      orders.slice(0, 2),
    ]);
    await server.dataSource.query(
      `INSERT INTO work_items (order_id, reason, due_at) VALUES ($1, 'EMAIL_FAILING', now() - interval '2 hours'),
                                                                ($2, 'EMAIL_FAILING', now() + interval '2 hours')`,
      [orders[0], orders[1]],
    );
    const expected = [
      { reason: 'TO_START', count: 3, overdue: 2 },
      { reason: 'EMAIL_FAILING', count: 2, overdue: 1 },
    ];
    const countsOf = async (service: WorkQueueService) => {
      const page = await service.page({ reason: null, assignedTo: null, first: 10, after: null });
      if (!page.ok) throw new Error(page.error.message);
      return page.value.counts;
    };
    // Three overdue: counted one by one under a cap of 10; under a cap of 2, the two still to come
    // are counted and taken from the totals.
    for (const cap of [10, 2, 1]) {
      const counts = await countsOf(new WorkQueueService(server.dataSource, cap));
      for (const count of expected) expect(counts).toContainEqual(count);
    }
    const { counts } = await queue();
    for (const count of expected) expect(counts).toContainEqual(count);
    expect(counts).toContainEqual({ reason: 'CHANGES_ASKED', count: 0, overdue: 0 });
  });
});
