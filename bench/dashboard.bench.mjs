/**
 * Dashboard benchmark without HTTP: the admin list's first page with its total, and searches by
 * e-mail and child name with theirs, called straight on the built AdminOrdersService one after another
 * (one admin), at 10,000 and 100,000 orders. The total is the one the dashboard asks for,
 * total(upTo: 1000): a search's matches counted up to 1,000 (the plan of each statement it sends is shown with it). Leaving out HTTP, GraphQL and the load generator
 * keeps the figure about the database work, which is what grows with the table.
 *
 * Run:  npm run bench:dashboard                             (embedded PGlite, in memory)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:dashboard
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_ITERATIONS (200) per scenario, BENCH_ROWS (10000,100000: the table sizes, ascending;
 *       the searches run at the largest, e.g. 10000,100000,1000000), BENCH_SERVER_DIST (server/dist: another build to
 *       compare), BENCH_LABEL (written into the result's name, e.g. "before").
 * Out:  a table on stdout and bench/results/dashboard-<pglite|postgres>[-<label>].json
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
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const ROWS = (process.env.BENCH_ROWS ?? '10000,100000').split(',').map(Number);
if (ROWS.some((n, i) => !Number.isInteger(n) || n % 5000 || n <= (ROWS[i - 1] ?? 0))) {
  throw new Error('BENCH_ROWS: ascending multiples of 5,000, e.g. 10000,100000,1000000');
}

const SEED_SQL = `
  INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                      shipping_address, status, amount_cents, currency, photo_key,
                      created_at, updated_at)
  SELECT gen_random_uuid(), 'Child ' || i, 2 + (i % 11), 'Courage', '', 'parent' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'digital' ELSE 'printed' END,
         CASE WHEN i % 2 = 0 THEN NULL ELSE 'classic' END, NULL,
         (ARRAY['Pending','Paid','Completed'])[1 + (i % 3)],
         CASE WHEN i % 2 = 0 THEN 2500 ELSE 5000 END, 'USD', NULL,
         now() - make_interval(secs => i), now() - make_interval(secs => i)
  FROM generate_series($1::int, $2::int) AS i`;

const { openDatabase } = await import(pathToFileURL(path.join(dist, 'db', 'database.js')).href);
const { AdminOrdersService } = await import(pathToFileURL(path.join(dist, 'admin-orders', 'admin-orders.service.js')).href);
const { OrdersArgs } = await import(pathToFileURL(path.join(dist, 'admin-orders', 'orders.args.js')).href);
const logger = quietLogger;

/**
 * The database's own time and plan for each statement a search sends that reads the orders with
 * ILIKE: the statements are the service's own, taken from the data source's query log while
 * `run` searches once, and explained with their parameters.
 */
async function explain(dataSource, run) {
  const statements = [];
  const { logger } = dataSource;
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, runner) => {
    if (/ILIKE/i.test(query)) statements.push([query, parameters ?? []]);
    return logQuery(query, parameters, runner);
  };
  try {
    await run();
  } finally {
    logger.logQuery = logQuery;
  }
  const out = [];
  for (const [sql, parameters] of statements) {
    const [row] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters);
    const plan = (row['QUERY PLAN'] ?? Object.values(row)[0])[0];
    const nodes = [];
    const walk = (n) => {
      nodes.push(n['Index Name'] ? `${n['Node Type']} on ${n['Index Name']}` : n['Node Type']);
      for (const child of n.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    const likes = parameters.filter((value) => typeof value === 'string' && value.startsWith('%'));
    out.push({ executionMs: +plan['Execution Time'].toFixed(2), likes, nodes: nodes.join(' > ') });
  }
  return out;
}

async function main() {
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const database = await openDatabase({ databaseUrl: benchDb?.url, pgliteDir: 'memory://', logger });
  const orders = new AdminOrdersService(database.dataSource);
  const results = [];
  try {
    const page = async (args) => {
      const outcome = await orders.listOrders(Object.assign(new OrdersArgs(), { first: 20, ...args }));
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
      // The dashboard's own question: total(upTo: 1000) (client/src/admin/dashboard/orders-operations.ts).
      const total = await outcome.value.countUpTo(1000);
      return { edges: outcome.value.edges.length, total: total.exact ? total.count : `more than ${total.count}` };
    };
    let have = 0;
    for (const rows of ROWS) {
      // In batches: each stays well inside the app's statement timeout on a busy machine.
      for (; have < rows; have += 5000) await database.dataSource.query(SEED_SQL, [have + 1, have + 5000]);
      await database.dataSource.query('VACUUM ANALYZE orders');
      const scenarios = [['first page + total', {}]];
      if (rows === ROWS.at(-1)) {
        for (const search of ['parent1', 'parent4242@', 'child 4242']) scenarios.push([`search "${search}" + total`, { search }]);
      }
      for (const [name, args] of scenarios) {
        const shape = await page(args);
        const r = { scenario: name, rows, ...shape, ...(await timed(() => page(args), { iterations: ITERATIONS, warmUp: 5 })) };
        if (args.search) r.plan = await explain(database.dataSource, () => page(args));
        results.push(r);
        console.error(`  ${rows} rows, ${name}: p50 ${r.p50} ms, p99 ${r.p99} ms (total ${r.total})`);
        if (r.plan) console.error(`    ${JSON.stringify(r.plan)}`);
      }
    }
  } finally {
    await database.close();
    if (benchDb) await benchDb.drop();
  }
  console.log(
    `\n${MODE}, ${dist}, ${ITERATIONS} calls each, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  for (const r of results) {
    console.log(
      `${String(r.rows).padStart(6)} | ${r.scenario.padEnd(30)} | p50 ${String(r.p50).padStart(7)} ms | p99 ${String(r.p99).padStart(7)} ms | total ${r.total}`,
    );
  }
  const smallest = results.find((r) => r.rows === ROWS[0]);
  const largest = results.find((r) => r.rows === ROWS.at(-1) && r.scenario === smallest.scenario);
  console.log(`first page + total, p99 at ${largest.rows} / at ${smallest.rows}: ${(largest.p99 / smallest.p99).toFixed(2)}x`);
  writeResult(`dashboard-${MODE}${LABEL}`, {
    date: new Date().toISOString(),
    mode: MODE,
    dist: path.relative(repoRoot, dist),
    loadAverage: os.loadavg(),
    results,
  });
}

runBench(main);
