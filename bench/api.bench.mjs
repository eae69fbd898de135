/**
 * API benchmark: requests/s and p50/p99 latency of the real server (server/dist) on loopback.
 *
 *   1. the `catalogue` query (JSON POST /graphql)
 *   2. `createOrder` with a ~1 MB PNG photo (one GraphQL multipart request per order)
 *   3. the admin dashboard's `orders` query (its exact document), first page of 20, with 10,000 and 100,000 orders in the table
 *      (plus, at 100k: `status: Paid`, page 2 via `after`, a page from row 50,000, and searches by e-mail
 *      and child name: "parent1" matching about 11% of the rows, "parent4242@" one, "child 4242" eleven)
 *      and the CSV export of all 100,000 (GET /admin/orders.csv): its time, and the server's RSS sampled
 *      from /proc every 10 ms during the export against its idle RSS just before (rows stream in batches)
 *   4. the ceiling: the same order + order_events insert done directly on the database
 *      (pg pool on PostgreSQL; PGlite in-process in embedded mode), same concurrency
 *
 * Run:  npm run bench:api                                   (embedded PGlite)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:api
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_SECONDS (10) per run, BENCH_UPLOAD_SECONDS (= BENCH_SECONDS) for createOrder,
 *       BENCH_CONNECTIONS (10), BENCH_ADMIN_CONNECTIONS (1, for the dashboard's list: one admin), BENCH_WARMUP (1 s, not measured), BENCH_KEEP=1 keeps the data dir,
 *       BENCH_LABEL (written into the result's name, e.g. "before").
 * Out:  a table on stdout and bench/results/api-<pglite|postgres>[-<label>].json
 */
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runningServer, serverMain, sleep, startServer, stopServer } from './support/server.mjs';
import { multipartBody } from './support/multipart.mjs';
import { orderInsertStatements } from './support/order-insert.mjs';
import { DIGITAL_STORY_ORDER } from './support/shop-api.mjs';
import { createBenchDatabase } from './support/admin-query.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

const SECONDS = positiveInt('BENCH_SECONDS', 10);
const UPLOAD_SECONDS = positiveInt('BENCH_UPLOAD_SECONDS', SECONDS);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 10);
// The dashboard has one admin at a time: its list runs one request after another.
const ADMIN_CONNECTIONS = positiveInt('BENCH_ADMIN_CONNECTIONS', 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
const SESSION_COOKIE = 'storybook_session';

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents (same as test/support/orders.ts)

const CATALOGUE = `{ catalogue { currency plans { format title priceCents recommended } lifeLessons { value label emoji } } }`;
const CREATE_ORDER = `
  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) {
      orderId
      checkoutToken
      order { id bookFormat title amountCents currency status childName }
      userErrors { field message }
    }
  }`;
// The e-mail as a parent may type it (the shop lower-cases it).
const digitalOrder = () => ({ ...DIGITAL_STORY_ORDER, email: 'Parent@Example.com' });
// The dashboard's own first page (client/src/admin/dashboard/orders-operations.ts, fragment inlined).
const ORDERS = `query AdminOrders($status: OrderStatus, $search: String, $after: String) {
  orders(status: $status, search: $search, first: 20, after: $after) {
    edges { cursor node { id childName email bookFormat moral status createdAt photoUrl videoUrl } }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;
// The same page without the total: a list that pages with the cursor need not count.
const ORDERS_NO_COUNT = ORDERS.replace('    totalCount\n', '');
if (ORDERS_NO_COUNT === ORDERS) throw new Error('ORDERS_NO_COUNT must differ from ORDERS');
const LOGIN = `mutation Login($email: String!, $password: String!) {
  login(email: $email, password: $password) { admin { id } userErrors { message } }
}`;

// Bulk seed, as seedOrders() in test/support/orders.ts, with an offset so batches do not overlap.
const SEED_SQL = `
  INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                      shipping_address, status, amount_cents, currency, photo_key,
                      created_at, updated_at)
  SELECT gen_random_uuid(), 'Child ' || i, 2 + (i % 11), 'Courage', '', 'parent' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'digital' ELSE 'printed' END,
         CASE WHEN i % 2 = 0 THEN NULL ELSE 'classic' END, NULL,
         (ARRAY['Pending','Paid','Completed'])[1 + (i % 3)],
         CASE WHEN i % 2 = 0 THEN 2500 ELSE 5000 END, 'USD', NULL,
         $1::timestamptz - make_interval(secs => $3::int + i), $1::timestamptz - make_interval(secs => $3::int + i)
  FROM generate_series(1, $2::int) AS i`;

// ---------------------------------------------------------------------------------------------
// Process state and clean-up

const state = { dataDir: null, benchDb: null, cleaned: false, instance: null };

async function cleanup() {
  if (state.cleaned) return;
  state.cleaned = true;
  try {
    state.instance?.stop();
  } catch {
    /* already stopped */
  }
  await stopServer().catch((error) => console.error('stopping the server failed:', error.message));
  if (state.benchDb) {
    await state.benchDb.drop().catch((error) => console.error(`DROP DATABASE ${state.benchDb.name} failed:`, error.message));
  }
  if (state.dataDir && process.env.BENCH_KEEP !== '1') rmSync(state.dataDir, { recursive: true, force: true });
  else if (state.dataDir) console.error(`data kept in ${state.dataDir}`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Server child process

/**
 * autocannon stops with requests still running on the server; let them finish before the next
 * run or a shutdown (readyz queues behind them on PGlite's single connection).
 */
async function settle(graphqlUrl) {
  await sleep(300);
  await fetch(new URL('/readyz', graphqlUrl))
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Database access from the bench (seeding, counts, the direct-insert ceiling)

/** Runs fn with a query(sql, params) -> rows function on the bench database (server stopped in PGlite mode). */
async function withDb(fn, benchUrl) {
  if (MODE === 'postgres') {
    const client = new pg.Client({ connectionString: benchUrl });
    client.on('error', (error) => console.error('  pg client error:', error.message));
    await client.connect();
    try {
      return await fn(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.end();
    }
  }
  const { db, release } = await openPglite();
  try {
    return await fn(async (sql, params) => (await db.query(sql, params)).rows, db);
  } finally {
    await db.close();
    release();
  }
}

async function openPglite() {
  if (runningServer()) throw new Error('the server must be stopped before opening PGlite directly');
  const dir = path.join(state.dataDir, 'pglite');
  const lockFile = `${dir}.lock`;
  if (existsSync(lockFile)) {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && isAlive(holder)) throw new Error(`${lockFile}: PGlite is still open in process ${holder}`);
    console.error('  removing a stale PGlite lock (the server did not shut down cleanly)');
    rmSync(lockFile, { force: true });
  }
  writeFileSync(lockFile, String(process.pid), { flag: 'wx' }); // the same lock the server takes
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm as the server loads it: the trigram indexes on orders need it for every insert.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(dir, { extensions: { pg_trgm } });
    return { db, release: () => rmSync(lockFile, { force: true }) };
  } catch (error) {
    rmSync(lockFile, { force: true });
    throw error;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function countOrders(query) {
  const [row] = await query('SELECT count(*)::int AS n FROM orders');
  return row.n;
}

async function seedTo(query, target, newest) {
  const have = await countOrders(query);
  const missing = target - have;
  const started = performance.now();
  if (missing > 0) await query(SEED_SQL, [newest.toISOString(), missing, Math.max(0, have)]);
  // Steady state, as autovacuum would leave it on PostgreSQL (PGlite runs no autovacuum).
  await query('VACUUM ANALYZE orders');
  const n = await countOrders(query);
  console.error(`  seeded ${Math.max(0, missing)} orders in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${n} rows`);
  return n;
}

/** A cursor pointing `offset` rows into the newest-first list (same encoding as order-cursor.ts). */
async function cursorAt(query, offset) {
  const [row] = await query('SELECT created_at, id FROM orders ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1', [offset]);
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}

/** Ceiling: order + event insert in a transaction, `CONNECTIONS` workers in a loop for `seconds`. */
async function directInsertCeiling(benchUrl, seconds) {
  const latencies = [];
  let errors = 0;
  let insertTx;
  let close;
  let rowsBefore;
  let count;
  if (MODE === 'postgres') {
    const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS });
    pool.on('error', (error) => console.error('  pg pool error (idle client):', error.message));
    count = async () => (await pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    insertTx = async () => {
      const client = await pool.connect();
      try {
        const id = randomUUID();
        await client.query('BEGIN');
        for (const [sql, params] of orderInsertStatements(id, 'png')) await client.query(sql, params);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    close = () => pool.end();
  } else {
    const { db, release } = await openPglite();
    count = async () => (await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    insertTx = () =>
      db.transaction(async (tx) => {
        const id = randomUUID();
        for (const [sql, params] of orderInsertStatements(id, 'png')) await tx.query(sql, params);
      });
    close = async () => {
      await db.close();
      release();
    };
  }
  try {
    rowsBefore = await count();
    // Warm-up, not measured.
    const warmUntil = performance.now() + WARMUP * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < warmUntil) await insertTx();
      }),
    );
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          try {
            await insertTx();
            latencies.push(performance.now() - t0);
          } catch (error) {
            if (errors++ === 0) console.error('  direct insert failed:', error.message);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const rowsAfter = await count();
    latencies.sort((a, b) => a - b);
    const pct = (p) =>
      latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN;
    return {
      rps: latencies.length / elapsed,
      p50: pct(50),
      p99: pct(99),
      total: latencies.length,
      duration: elapsed,
      errors,
      non2xx: 0,
      mismatches: 0,
      rows: `${rowsBefore}->${rowsAfter}`,
    };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

async function gql(base, query, variables = {}, cookie) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.errors) throw new Error(`GraphQL ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return { data: body.data, res };
}

async function login(base) {
  const { data, res } = await gql(base, LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (!data.login.admin) throw new Error(`login refused: ${JSON.stringify(data.login.userErrors)}`);
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair;
  }
  throw new Error('login did not set the session cookie');
}

/** ~1 MiB PNG of random noise: noise does not compress, so the file stays about raw size. */
async function makePhoto() {
  const width = 640;
  const height = 546; // 640 * 546 * 3 = 1,048,320 bytes of pixels
  const pixels = randomBytes(width * height * 3);
  const data = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { name: 'photo.png', type: 'image/png', data, width, height };
}

/** The server's resident set size in MiB, from /proc (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return +(kb / 1024).toFixed(1);
}

/** Downloads the whole export once, sampling the server's RSS every 10 ms; checks it holds every row. */
async function csvExportBench(base, cookie, expectedRows) {
  const pid = runningServer().pid;
  global.gc?.();
  await sleep(500);
  const idle = [];
  for (let i = 0; i < 20; i++) {
    idle.push(rssMiB(pid));
    await sleep(10);
  }
  const idleRssMiB = Math.max(...idle);
  let peakRssMiB = idleRssMiB;
  const sampler = setInterval(() => {
    peakRssMiB = Math.max(peakRssMiB, rssMiB(pid));
  }, 10);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(`${base}/admin/orders.csv`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`orders CSV export answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peakRssMiB = Math.max(peakRssMiB, rssMiB(pid));
  const lines = newlines - 1; // the header; seeded orders have no line breaks in their cells
  if (lines !== expectedRows) throw new Error(`orders CSV export: ${lines} rows, expected ${expectedRows}`);
  return { ms: +ms.toFixed(0), bytes, lines, idleRssMiB, peakRssMiB, rowsPerSecond: +(lines / (ms / 1000)).toFixed(0) };
}

async function runCannon(title, opts, seconds, connections = CONNECTIONS) {
  const instance = autocannon({
    url: opts.url,
    method: 'POST',
    connections,
    duration: seconds,
    timeout: 30,
    headers: opts.headers,
    body: opts.body,
    verifyBody: opts.verifyBody,
    warmup: WARMUP > 0 ? { connections, duration: WARMUP } : undefined,
  });
  state.instance = instance;
  const result = await instance;
  state.instance = null;
  const child = runningServer();
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`${title}: the server is gone`);
  }
  await settle(opts.url);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    duration: result.duration,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statusCodeStats: result.statusCodeStats,
    title,
  };
}

// ---------------------------------------------------------------------------------------------

const results = [];
function record(scenario, rows, r, note, connections = CONNECTIONS) {
  const row = { scenario, rows, connections, ...r, ...(note ? { note } : {}) };
  delete row.title;
  results.push(row);
  console.error(
    `  ${scenario}: ${fmt(r.rps, 1)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms, ` +
      `errors ${r.errors}/${r.non2xx}/${r.mismatches}`,
  );
}
const fmt = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function table(rows) {
  const header = ['scenario', 'rows in table', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'err/non2xx/bad body'];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.rows),
    String(r.connections),
    fmt(r.rps, 1),
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    `${r.errors}/${r.non2xx}/${r.mismatches}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmtLine = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  return [fmtLine(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(fmtLine)].join('\n');
}

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build -w server\` first`);
  const benchStart = new Date();
  state.dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-'));

  let benchUrl;
  let pgVersion;
  if (MODE === 'postgres') {
    // Short-lived admin connections: a long idle one to the server's maintenance database can be
    // terminated by whatever else uses that database.
    const created = await createBenchDatabase(DATABASE_URL);
    state.benchDb = created;
    pgVersion = created.version;
    benchUrl = created.url;
  }

  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: +(os.totalmem() / 1024 ** 3).toFixed(1),
    mode: MODE,
    ...(MODE === 'postgres' ? { postgres: pgVersion } : {}),
    seconds: SECONDS,
    uploadSeconds: UPLOAD_SECONDS,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
  };
  console.log(`node ${machine.node}, ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.platform}`);
  console.log(
    `mode: ${MODE}${pgVersion ? ` (PostgreSQL ${pgVersion}, database ${state.benchDb.name})` : ' (embedded PGlite)'}; ` +
      `${SECONDS} s per run (createOrder ${UPLOAD_SECONDS} s), ${CONNECTIONS} connections, ${WARMUP} s warm-up; ` +
      'load generator and server share this machine',
  );

  // NODE_ENV stays unset: development mode (production would demand real secrets).
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: state.dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMITS: 'off', // the per-client limits would refuse a load generator's orders
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
    ...(benchUrl ? { DATABASE_URL: benchUrl } : {}),
  };
  const restartForDb = async (fn) => {
    // PGlite: only one process may open the folder, so stop the server around direct access.
    if (MODE === 'pglite') await stopServer();
    const value = await withDb(fn, benchUrl);
    if (MODE === 'pglite') base = await startServer(env);
    return value;
  };

  console.error('starting server...');
  let base = await startServer(env);
  const cookie = await login(base);
  const json = { 'content-type': 'application/json' };

  // 1. catalogue
  {
    const { data } = await gql(base, CATALOGUE);
    if (!data.catalogue.plans.length) throw new Error('catalogue has no plans');
    const r = await runCannon(
      'catalogue',
      {
        url: `${base}/graphql`,
        headers: json,
        body: JSON.stringify({ query: CATALOGUE }),
        verifyBody: (b) => String(b).includes('"plans"') && !String(b).includes('"errors"'),
      },
      SECONDS,
    );
    record('catalogue query', '-', r);
  }

  // 2. createOrder with a ~1 MB photo
  const photo = await makePhoto();
  console.log(`photo: ${photo.width}x${photo.height} random-noise PNG, ${photo.data.length} bytes`);
  {
    const { body, contentType } = multipartBody(CREATE_ORDER, { input: digitalOrder() }, 'childPhoto', photo);
    const headers = { 'content-type': contentType, 'apollo-require-preflight': 'true' };
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers, body });
    const reply = await res.json();
    const payload = reply.data?.createOrder;
    if (res.status !== 200 || reply.errors || !payload?.orderId || payload.userErrors.length) {
      throw new Error(`createOrder by hand failed (${res.status}): ${JSON.stringify(reply).slice(0, 500)}`);
    }
    const before = await gql(base, ORDERS, {}, cookie);
    const r = await runCannon(
      'createOrder',
      {
        url: `${base}/graphql`,
        headers,
        body,
        verifyBody: (b) => String(b).includes('"userErrors":[]') && String(b).includes('"orderId":"'),
      },
      UPLOAD_SECONDS,
    );
    const after = await gql(base, ORDERS, {}, cookie);
    record(
      'createOrder (1 MB photo)',
      `${before.data.orders.totalCount}->${after.data.orders.totalCount}`,
      r,
      `multipart body ${body.length} bytes`,
    );
  }

  // 3. admin orders list
  const seedNewest = new Date(benchStart.getTime() - 60_000);
  const ordersBench = async (label, rows, variables, expect, query = ORDERS) => {
    const { data } = await gql(base, query, variables, cookie);
    const page = data.orders;
    const counted = query === ORDERS;
    const edges = expect.edges ?? 20;
    if (
      (counted && expect.totalCount !== undefined && page.totalCount !== expect.totalCount) ||
      page.edges.length !== edges ||
      page.pageInfo.hasNextPage !== (expect.totalCount ?? Infinity) > edges
    ) {
      throw new Error(`${label}: unexpected page ${JSON.stringify({ ...page, edges: page.edges.length })}`);
    }
    const r = await runCannon(
      label,
      {
        url: `${base}/graphql`,
        headers: { ...json, cookie },
        body: JSON.stringify({ query, variables }),
        verifyBody: (b) => String(b).includes(counted ? '"totalCount":' : '"edges":') && !String(b).includes('"errors"'),
      },
      SECONDS,
      ADMIN_CONNECTIONS,
    );
    record(label, rows, r, undefined, ADMIN_CONNECTIONS);
    return page;
  };

  const rows10k = await restartForDb((query) => seedTo(query, 10_000, seedNewest));
  await ordersBench('orders first 20', rows10k, {}, { totalCount: rows10k });
  await ordersBench('orders first 20, no totalCount', rows10k, {}, {}, ORDERS_NO_COUNT);

  const { rows100k, paid, deepCursor, searchCounts } = await restartForDb(async (query) => {
    const n = await seedTo(query, 100_000, seedNewest);
    const [{ p }] = await query(`SELECT count(*)::int AS p FROM orders WHERE status = 'Paid'`);
    const searchCounts = {};
    for (const text of ['parent1', 'parent4242@', 'child 4242']) {
      const [{ c }] = await query(`SELECT count(*)::int AS c FROM orders WHERE email ILIKE $1 OR child_name ILIKE $1`, [
        `%${text}%`,
      ]);
      searchCounts[text] = c;
    }
    return { rows100k: n, paid: p, deepCursor: await cursorAt(query, 50_000 - 1), searchCounts };
  });
  const page1 = await ordersBench('orders first 20', rows100k, {}, { totalCount: rows100k });
  await ordersBench('orders first 20, no totalCount', rows100k, {}, {}, ORDERS_NO_COUNT);
  await ordersBench('orders status: Paid', rows100k, { status: 'Paid' }, { totalCount: paid });
  await ordersBench('orders page 2 (after)', rows100k, { after: page1.pageInfo.endCursor }, { totalCount: rows100k });
  await ordersBench('orders from row 50,000', rows100k, { after: deepCursor }, { totalCount: rows100k });
  // The dashboard's search box: e-mail or child name containing the text, with its exact total.
  // "parent1" matches about a ninth of the table; the other two, one family's handful of orders.
  for (const text of ['parent1', 'parent4242@', 'child 4242']) {
    const totalCount = searchCounts[text];
    await ordersBench(`orders search "${text}"`, rows100k, { search: text }, { totalCount, edges: Math.min(20, totalCount) });
  }

  // The CSV export of every order: rows stream from keyset batches, so the server's memory stays near idle.
  {
    const r = await csvExportBench(base, cookie, rows100k);
    results.push({
      scenario: 'orders CSV export (all)',
      rows: rows100k,
      connections: 1,
      rps: undefined,
      p50: undefined,
      p99: undefined,
      errors: 0,
      non2xx: 0,
      mismatches: 0,
      ...r,
      note: `one download of every order: ${r.ms} ms; server RSS ${r.idleRssMiB} MiB idle, ${r.peakRssMiB} MiB peak`,
    });
    console.error(
      `  orders CSV export: ${r.lines} rows, ${(r.bytes / 1024 ** 2).toFixed(1)} MiB in ${(r.ms / 1000).toFixed(2)} s; ` +
        `server RSS idle ${r.idleRssMiB} MiB, peak ${r.peakRssMiB} MiB`,
    );
  }

  // 4. the ceiling: the same order + event insert straight on the database (server stopped first)
  await stopServer();
  {
    const r = await directInsertCeiling(benchUrl, SECONDS);
    const label = MODE === 'pglite' ? 'direct insert (PGlite in-process)' : 'direct insert (pg pool)';
    record(
      label,
      r.rows,
      r,
      MODE === 'pglite'
        ? 'PGlite opened directly by the bench; no socket, no TypeORM, no HTTP, no photo'
        : `pg.Pool max ${CONNECTIONS}, BEGIN/INSERT order/INSERT event/COMMIT; no TypeORM, no HTTP, no photo`,
    );
  }

  console.log('');
  console.log(table(results));
  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `api-${MODE}${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ''}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date: benchStart.toISOString(), machine, photoBytes: photo.data.length, results }, null, 2)}\n`,
  );
  console.log(`\nwritten: ${path.relative(repoRoot, file)}`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.stack : error);
    await cleanup();
    process.exit(1);
  });
