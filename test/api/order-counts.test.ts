import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder, seedOrders } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: GraphQLClient;

const TOTAL = `query($status: OrderStatus, $search: String) { orders(status: $status, search: $search, first: 1) { totalCount } }`;
const STATUSES = ['Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded'] as const;

async function totalCount(variables: Record<string, unknown>): Promise<number> {
  const response = await admin.query<{ orders: { totalCount: number } }>(TOTAL, variables);
  expect(response.errors).toBeUndefined();
  return response.data!.orders.totalCount;
}

/** The dashboard's totals, unfiltered and per status, against a count of the rows themselves. */
async function expectExactTotals(): Promise<Record<string, number>> {
  const rows: Array<{ status: string; n: number }> = await server.dataSource.query(
    `SELECT status, count(*)::int AS n FROM orders GROUP BY status`,
  );
  const actual = Object.fromEntries(STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
  const all = Object.values(actual).reduce((a, b) => a + b, 0);
  expect(await totalCount({})).toBe(all);
  for (const status of STATUSES) expect([status, await totalCount({ status })]).toEqual([status, actual[status]]);
  return { all, ...actual };
}

beforeAll(async () => {
  server = await startTestServer();
  await createAdmin(server);
  admin = new GraphQLClient(server.url);
  await signIn(admin);
});
afterAll(() => server?.close());

describe('the search indexes and the per-status counts (migration OrderSearchAndCounts)', () => {
  it('creates the trigram indexes, the counts table and its triggers', async () => {
    const extensions: Array<{ extname: string }> = await server.dataSource.query(
      `SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`,
    );
    expect(extensions).toEqual([{ extname: 'pg_trgm' }]);
    const indexes: Array<{ indexname: string; indexdef: string }> = await server.dataSource.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders' AND indexname LIKE '%trgm%' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(['orders_child_name_trgm_idx', 'orders_email_trgm_idx']);
    for (const index of indexes) expect(index.indexdef).toMatch(/USING gin \(\w+ gin_trgm_ops\)/);
    const triggers: Array<{ tgname: string }> = await server.dataSource.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'orders'::regclass AND NOT tgisinternal ORDER BY tgname`,
    );
    expect(triggers.map((t) => t.tgname)).toEqual([
      'orders_count_delete',
      'orders_count_insert',
      'orders_count_truncate',
      'orders_count_update',
    ]);
    expect(await server.dataSource.query(`SELECT status, n FROM order_counts`)).toEqual([]);
  });

  it('serves a search from the trigram indexes', async () => {
    await seedOrders(server.dataSource, 200);
    // With sequential scans priced out, the plan names an index only if one can serve ILIKE '%..%'.
    const plan: Array<{ 'QUERY PLAN': string }> = await server.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(
        `EXPLAIN SELECT count(*) FROM orders o WHERE o.email ILIKE '%parent1234%' OR o.child_name ILIKE '%parent1234%'`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('orders_email_trgm_idx');
    expect(text).toContain('orders_child_name_trgm_idx');
    await server.dataSource.query('TRUNCATE orders CASCADE');
  });

  it('keeps every total exact through inserts, status changes, deletes and truncation', async () => {
    expect(await expectExactTotals()).toMatchObject({ all: 0 });

    await seedOrders(server.dataSource, 30);
    expect(await expectExactTotals()).toMatchObject({ all: 30, Pending: 10, Paid: 10, Completed: 10 });

    // An order as a customer places it.
    const customer = new GraphQLClient(server.url);
    const created = await customer.upload(
      CREATE_ORDER,
      { input: digitalOrder() },
      { childPhoto: { name: 'kid.png', type: 'image/png', data: await makePng() } },
    );
    expect(created.data!.createOrder.userErrors).toEqual([]);
    expect(await expectExactTotals()).toMatchObject({ all: 31, Pending: 11 });

    // One statement moving orders between several statuses, and one changing no status.
    await server.dataSource.query(
      `UPDATE orders SET status = CASE WHEN status = 'Paid' THEN 'Shipped' WHEN status = 'Completed' THEN 'Refunded' ELSE status END
       WHERE child_name IN ('Child 1', 'Child 2', 'Child 3', 'Child 4', 'Child 5')`,
    );
    await server.dataSource.query(`UPDATE orders SET updated_at = now()`);
    expect(await expectExactTotals()).toMatchObject({ all: 31, Shipped: 2, Refunded: 2, Paid: 8, Completed: 8 });

    // A write that rolls back changes nothing.
    await server.dataSource
      .transaction(async (manager) => {
        await manager.query(`UPDATE orders SET status = 'Cancelled' WHERE status = 'Pending'`);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    expect(await expectExactTotals()).toMatchObject({ all: 31, Pending: 11, Cancelled: 0 });

    await server.dataSource.query(`DELETE FROM order_events`);
    await server.dataSource.query(`DELETE FROM orders WHERE status IN ('Shipped', 'Pending')`);
    expect(await expectExactTotals()).toMatchObject({ all: 18, Pending: 0, Shipped: 0 });

    await server.dataSource.query('TRUNCATE orders CASCADE');
    expect(await expectExactTotals()).toMatchObject({ all: 0 });
    await seedOrders(server.dataSource, 3);
    expect(await expectExactTotals()).toMatchObject({ all: 3, Pending: 1, Paid: 1, Completed: 1 });
  });

  it('counts exactly what a search matches, short or long', async () => {
    await server.dataSource.query('TRUNCATE orders CASCADE');
    await seedOrders(server.dataSource, 120);
    const matches = async (text: string) =>
      (
        (await server.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE email ILIKE $1 OR child_name ILIKE $1`, [
          `%${text}%`,
        ])) as Array<{ n: number }>
      )[0].n;
    for (const search of ['child 1', 'PARENT11', '1@', '7', 'nobody']) {
      expect([search, await totalCount({ search })]).toEqual([search, await matches(search)]);
    }
    expect(await totalCount({ search: 'child 1', status: 'Paid' })).toBe(
      (
        (await server.dataSource.query(
          `SELECT count(*)::int AS n FROM orders WHERE child_name ILIKE '%child 1%' AND status = 'Paid'`,
        )) as Array<{ n: number }>
      )[0].n,
    );
  });
});
