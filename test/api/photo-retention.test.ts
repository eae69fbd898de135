import { existsSync } from 'node:fs';
import path from 'node:path';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  png = await makePng();
});
afterAll(() => server?.close());

async function orderWithPhoto(): Promise<{ id: string; file: string }> {
  const response = await new GraphQLClient(server.url).upload(
    CREATE_ORDER,
    { input: digitalOrder() },
    {
      childPhoto: { name: 'kid.png', type: 'image/png', data: png },
    },
  );
  const id = response.data!.createOrder.orderId as string;
  return { id, file: path.join(server.dataDir, 'files', 'photos', `${id}.jpg`) };
}

const set = (id: string, sql: string) => server.dataSource.query(`UPDATE orders SET ${sql} WHERE id = $1`, [id]);
const photoKey = async (id: string) =>
  (await server.dataSource.query('SELECT photo_key FROM orders WHERE id = $1', [id]))[0].photo_key as string | null;

describe('photo retention', () => {
  it('deletes a photo 7 days after its order is completed, and 30 days after an order never paid', async () => {
    const completedLongAgo = await orderWithPhoto();
    await set(
      completedLongAgo.id,
      `status = 'Completed', paid_at = now() - interval '20 days', completed_at = now() - interval '8 days'`,
    );
    const completedRecently = await orderWithPhoto();
    await set(
      completedRecently.id,
      `status = 'Completed', paid_at = now() - interval '10 days', completed_at = now() - interval '6 days'`,
    );
    const abandoned = await orderWithPhoto();
    await set(abandoned.id, `created_at = now() - interval '31 days'`);
    const pendingRecently = await orderWithPhoto();
    await set(pendingRecently.id, `created_at = now() - interval '29 days'`);
    const paidLongAgo = await orderWithPhoto(); // paid, not yet delivered: the book still needs it
    await set(paidLongAgo.id, `status = 'Paid', created_at = now() - interval '60 days', paid_at = now() - interval '60 days'`);

    expect(await server.app.services.photoRetention.sweep()).toBe(2);

    for (const gone of [completedLongAgo, abandoned]) {
      expect(existsSync(gone.file)).toBe(false);
      expect(await photoKey(gone.id)).toBeNull();
      const events = await server.dataSource.query(
        `SELECT actor FROM order_events WHERE order_id = $1 AND type = 'photo_deleted'`,
        [gone.id],
      );
      expect(events).toEqual([{ actor: 'system' }]);
    }
    // The order never paid in 30 days was cancelled by the same sweep, by the system.
    const [abandonedNow] = await server.dataSource.query('SELECT status, cancelled_at FROM orders WHERE id = $1', [abandoned.id]);
    expect(abandonedNow.status).toBe('Cancelled');
    expect(abandonedNow.cancelled_at).not.toBeNull();
    for (const kept of [completedRecently, pendingRecently, paidLongAgo]) {
      expect(existsSync(kept.file)).toBe(true);
      expect(await photoKey(kept.id)).not.toBeNull();
    }
    expect(await server.app.services.photoRetention.sweep()).toBe(0); // nothing left to do
  });

  it('cancels orders unpaid for 30 days as the system, and leaves younger ones Pending', async () => {
    const old = await orderWithPhoto();
    await set(old.id, `created_at = now() - interval '30 days 1 hour'`);
    const young = await orderWithPhoto();
    await set(young.id, `created_at = now() - interval '29 days 23 hours'`);

    await server.app.services.photoRetention.sweep();

    const status = async (id: string) =>
      (await server.dataSource.query('SELECT status FROM orders WHERE id = $1', [id]))[0].status as string;
    expect(await status(old.id)).toBe('Cancelled');
    expect(await status(young.id)).toBe('Pending');
    const events = await server.dataSource.query(
      `SELECT type, from_status, to_status, actor FROM order_events WHERE order_id = $1 AND type = 'cancelled'`,
      [old.id],
    );
    expect(events).toEqual([{ type: 'cancelled', from_status: 'Pending', to_status: 'Cancelled', actor: 'system' }]);
    // No e-mail to an address no payment ever confirmed.
    const [{ n }] = await server.dataSource.query('SELECT count(*)::int AS n FROM outbox_emails WHERE order_id = $1', [old.id]);
    expect(n).toBe(0);
  });

  it('deletes the photo of a Shipped order like a Completed one, of a Refunded one 7 days after the refund, of a Cancelled one 30 days after creation', async () => {
    const cases: Array<[sql: string, deleted: boolean]> = [
      [`status = 'Shipped', completed_at = now() - interval '8 days', shipped_at = now() - interval '7 days'`, true],
      [`status = 'Shipped', completed_at = now() - interval '6 days', shipped_at = now() - interval '1 day'`, false],
      [`status = 'Refunded', paid_at = now() - interval '40 days', refunded_at = now() - interval '8 days'`, true],
      [`status = 'Refunded', paid_at = now() - interval '40 days', refunded_at = now() - interval '6 days'`, false],
      [`status = 'Cancelled', created_at = now() - interval '31 days', cancelled_at = now() - interval '2 days'`, true],
      [`status = 'Cancelled', created_at = now() - interval '29 days', cancelled_at = now() - interval '28 days'`, false],
    ];
    const orders = [];
    for (const [sql, deleted] of cases) {
      const order = await orderWithPhoto();
      await set(order.id, sql);
      orders.push({ ...order, deleted, sql });
    }

    expect(await server.app.services.photoRetention.sweep()).toBe(3);

    for (const order of orders) {
      expect({ sql: order.sql, gone: (await photoKey(order.id)) === null }).toEqual({ sql: order.sql, gone: order.deleted });
      expect(existsSync(order.file)).toBe(!order.deleted);
    }
  });

  it('works through more photos than one batch', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await orderWithPhoto());
    await server.dataSource.query(`UPDATE orders SET created_at = now() - interval '45 days' WHERE id = ANY($1)`, [
      orders.map((o) => o.id),
    ]);
    // Older orders with keys but no files left (deleted by hand) must not stop the sweep.
    await server.dataSource.query(
      `INSERT INTO orders (id, child_name, child_age, moral, email, book_format, status, amount_cents, currency, photo_key, created_at)
       SELECT gen_random_uuid(), 'Old', 5, 'Kindness', 'old@example.com', 'digital', 'Pending', 2500, 'USD', 'photos/missing-' || i || '.png', now() - interval '90 days'
       FROM generate_series(1, 150) AS i`,
    );
    expect(await server.app.services.photoRetention.sweep()).toBe(153);
    for (const order of orders) expect(existsSync(order.file)).toBe(false);
    const [{ left }] = await server.dataSource.query(
      `SELECT count(*)::int AS left FROM orders WHERE photo_key IS NOT NULL AND created_at < now() - interval '30 days' AND status IN ('Pending', 'Cancelled')`,
    );
    expect(left).toBe(0);
  });
});
