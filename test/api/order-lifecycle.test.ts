/**
 * The lifecycle on a real database: every move the table allows works once and writes its
 * status, timestamp, event and e-mail; every other move is refused with its message and
 * leaves the order, its history and the outbox exactly as they were.
 */
import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../../server/src/common/user-error';
import type { OrderLifecycle, TargetStatus } from '../../server/src/orders/order-lifecycle';
import { canTransition, OrderStatus, STATUS_EVENT, STATUS_TIMESTAMP } from '../../server/src/orders/order-status';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminActor, SYSTEM } from '../../server/src/orders/actor';

let server: TestServer;
let lifecycle: OrderLifecycle;

beforeAll(async () => {
  server = await startTestServer();
  lifecycle = server.app.services.lifecycle;
});
afterAll(() => server?.close());

async function orderIn(status: OrderStatus, bookFormat: 'digital' | 'printed' = 'printed'): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, book_style, status, amount_cents, currency)
     VALUES ($1, 'Mia', 6, 'Kindness', 'parent@example.com', $2, $3, $4, 5000, 'USD')`,
    [id, bookFormat, bookFormat === 'printed' ? 'classic' : null, status],
  );
  return id;
}

const snapshot = async (id: string) => ({
  order: (await server.dataSource.query('SELECT * FROM orders WHERE id = $1', [id]))[0],
  events: Number((await server.dataSource.query('SELECT count(*) AS n FROM order_events WHERE order_id = $1', [id]))[0].n),
  emails: Number((await server.dataSource.query('SELECT count(*) AS n FROM outbox_emails WHERE order_id = $1', [id]))[0].n),
});

const move = (id: string, to: TargetStatus) =>
  server.dataSource.transaction((manager) =>
    lifecycle.transition(manager, id, {
      to,
      actor: adminActor({ email: 'test@example.com' }),
      data: { note: 'test' },
      email: (order) => ({
        idempotencyKey: `lifecycle-test:${order.id}:${to}`,
        orderId: order.id,
        template: 'lifecycle-test',
        to: order.email,
        subject: `Now ${to}`,
        html: '<p>moved</p>',
        text: 'moved',
      }),
    }),
  );

const statuses = Object.values(OrderStatus);
const targets = Object.keys(STATUS_EVENT) as TargetStatus[];
const allowed = statuses.flatMap((from) => targets.filter((to) => canTransition(from, to)).map((to) => [from, to] as const));
const refused = statuses.flatMap((from) => targets.filter((to) => !canTransition(from, to)).map((to) => [from, to] as const));

describe('the order lifecycle', () => {
  it.each(allowed)('moves %s -> %s once, with its timestamp, event and e-mail', async (from, to) => {
    const id = await orderIn(from);
    const moved = await move(id, to);
    expect(moved.status).toBe(to);

    const after = await snapshot(id);
    expect(after.order.status).toBe(to);
    const column = STATUS_TIMESTAMP[to].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    expect(after.order[column]).not.toBeNull();
    const [event] = await server.dataSource.query(
      'SELECT type, from_status, to_status, actor, data FROM order_events WHERE order_id = $1',
      [id],
    );
    expect(event).toEqual({
      type: STATUS_EVENT[to],
      from_status: from,
      to_status: to,
      actor: 'admin:test@example.com',
      data: { note: 'test' },
    });
    expect(after.emails).toBe(1);

    // Once: the same move again is refused and changes nothing more.
    await expect(move(id, to)).rejects.toThrow(UserFacingError);
    expect(await snapshot(id)).toEqual(after);
  });

  it.each(refused)('refuses %s -> %s with a message, changing nothing and queueing no e-mail', async (from, to) => {
    const id = await orderIn(from);
    const before = await snapshot(id);
    await expect(move(id, to)).rejects.toThrow(UserFacingError);
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses to ship a digital book', async () => {
    const id = await orderIn(OrderStatus.Completed, 'digital');
    const before = await snapshot(id);
    await expect(move(id, OrderStatus.Shipped)).rejects.toThrow('Only printed books are shipped.');
    expect(await snapshot(id)).toEqual(before);
  });

  it('will not make a move that promises the parent an e-mail without one', async () => {
    const id = await orderIn(OrderStatus.Pending);
    await expect(
      server.dataSource.transaction((manager) => lifecycle.transition(manager, id, { to: OrderStatus.Paid, actor: SYSTEM })),
    ).rejects.toThrow(/promises the parent an e-mail/);
    expect((await snapshot(id)).order.status).toBe('Pending');
  });
});
