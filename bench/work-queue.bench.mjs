/**
 * The studio queue's benchmark without HTTP: workQueue's first page with its counts per reason,
 * called straight on the built WorkQueueService one call after another (one admin), at 100,000
 * orders of which 5,000 have open work (and 500 of those are assigned to the admin). In the same
 * run, on the same database, the dashboard's first page with its total (AdminOrdersService) is
 * timed as the reference: a figure the machine's load moves the same way.
 *
 * Run:  npm run bench:queue                             (embedded PGlite, in memory)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:queue
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_ITERATIONS (300) per scenario, BENCH_ORDERS (100000; a multiple of 20,000: a
 *       twentieth of them have open work, a tenth of that assigned), BENCH_LABEL (written into
 *       the result's name).
 * Out:  a table on stdout and bench/results/work-queue-<pglite|postgres>[-<label>].json
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBenchDatabase } from './support/admin-query.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { quietLogger, timed } from './support/timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const dist = path.resolve(repoRoot, process.env.BENCH_SERVER_DIST ?? 'server/dist');
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
if (!Number.isInteger(ORDERS) || ORDERS < 20_000 || ORDERS % 20_000) throw new Error('BENCH_ORDERS must be a multiple of 20,000');
// Every 20th order is Paid and has open work; a tenth of that work is the admin's.
const OPEN_ITEMS = ORDERS / 20;
const ASSIGNED = OPEN_ITEMS / 10;
const ADMIN_ID = '00000000-0000-4000-8000-00000000a001';

// Every 20th order is Paid (5,000 of 100,000): those have work; the rest are Completed or Shipped.
// Batches of 50,000 stay well inside the app's statement timeout.
const SEED_SQL = `
  INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                      shipping_address, status, amount_cents, currency, photo_key,
                      created_at, updated_at, paid_at)
  SELECT gen_random_uuid(), 'Child ' || i, 2 + (i % 11), 'Courage', '', 'parent' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'digital' ELSE 'printed' END,
         CASE WHEN i % 2 = 0 THEN NULL ELSE 'classic' END, NULL,
         CASE WHEN i % 20 = 0 THEN 'Paid' WHEN i % 3 = 0 THEN 'Shipped' ELSE 'Completed' END,
         CASE WHEN i % 2 = 0 THEN 2500 ELSE 5000 END, 'USD', NULL,
         now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
  FROM generate_series($1::int, $2::int) AS i`;

const { openDatabase } = await import(pathToFileURL(path.join(dist, 'db', 'database.js')).href);
const { WorkQueueService } = await import(pathToFileURL(path.join(dist, 'studio', 'work-queue.service.js')).href);
const { AdminOrdersService } = await import(pathToFileURL(path.join(dist, 'admin-orders', 'admin-orders.service.js')).href);
const { OrdersArgs } = await import(pathToFileURL(path.join(dist, 'admin-orders', 'orders.args.js')).href);
const logger = quietLogger;

async function main() {
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const database = await openDatabase({ databaseUrl: benchDb?.url, pgliteDir: 'memory://', logger });
  const { dataSource } = database;
  const queue = new WorkQueueService(dataSource);
  const orders = new AdminOrdersService(dataSource);
  const results = [];
  try {
    for (let have = 0; have < ORDERS; have += 20_000) await dataSource.query(SEED_SQL, [have + 1, have + 20_000]);
    await dataSource.query(
      `INSERT INTO admin_users (id, email, password_hash, role) VALUES ($1, 'studio@example.com', 'x', 'STUDIO')`,
      [ADMIN_ID],
    );
    // The open work: each Paid order has its book to start, due 24 hours after payment.
    await dataSource.query(
      `INSERT INTO work_items (order_id, reason, due_at, since)
       SELECT id, 'TO_START', paid_at + interval '24 hours', paid_at FROM orders WHERE status = 'Paid'`,
    );
    await dataSource.query(
      `INSERT INTO order_assignments (order_id, admin_id)
       SELECT order_id, $1 FROM work_items ORDER BY order_id LIMIT ${ASSIGNED}`,
      [ADMIN_ID],
    );
    for (const table of ['orders', 'work_items', 'order_assignments']) await dataSource.query(`VACUUM ANALYZE ${table}`);
    const [{ n: items }] = await dataSource.query('SELECT count(*)::int AS n FROM work_items');
    if (items !== OPEN_ITEMS) throw new Error(`expected ${OPEN_ITEMS} open items, seeded ${items}`);

    const page = async (query) => {
      const outcome = await queue.page({ reason: null, assignedTo: null, first: 20, after: null, ...query });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
      return { items: outcome.value.items.length, open: outcome.value.counts.reduce((s, c) => s + c.count, 0) };
    };
    const scenarios = [
      ['workQueue first page + counts', () => page({})],
      ['workQueue reason TO_START + counts', () => page({ reason: 'TO_START' })],
      ['workQueue assignedToMe + counts', () => page({ assignedTo: ADMIN_ID })],
      [
        'reference: orders first page + total',
        async () => {
          const outcome = await orders.listOrders(Object.assign(new OrdersArgs(), { first: 20 }));
          return { items: outcome.value.edges.length, open: await outcome.value.countTotal() };
        },
      ],
    ];
    for (const [name, fn] of scenarios) {
      const shape = await fn();
      const r = {
        scenario: name,
        orders: ORDERS,
        openItems: OPEN_ITEMS,
        ...shape,
        ...(await timed(fn, { iterations: ITERATIONS, warmUp: 10 })),
      };
      results.push(r);
      console.error(`  ${name}: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.items} items, ${r.open} open/total)`);
    }
  } finally {
    await database.close();
    if (benchDb) await benchDb.drop();
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(`\n${MODE}, ${ORDERS} orders, ${OPEN_ITEMS} open items, ${ITERATIONS} calls each, load ${load}`);
  for (const r of results) {
    console.log(`${r.scenario.padEnd(38)} | p50 ${String(r.p50).padStart(7)} ms | p99 ${String(r.p99).padStart(7)} ms`);
  }
  const first = results[0];
  const reference = results.at(-1);
  console.log(
    `workQueue p99 ${first.p99} ms against the 15 ms the studio asks; ${(first.p99 / reference.p99).toFixed(2)}x the orders list's first page`,
  );
  writeResult(`work-queue-${MODE}${LABEL}`, {
    date: new Date().toISOString(),
    mode: MODE,
    loadAverage: os.loadavg(),
    ceilingMs: 15,
    results,
  });
}

runBench(main);
