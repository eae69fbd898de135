/**
 * Stalls benchmark: the admin dashboard's first page with its total (the client's AdminOrders document),
 * asked one request after another by one admin through the real server (server/dist), straight
 * after the orders were written, and every request that took longer than BENCH_STALL_MS laid
 * beside what happened at the same time:
 *   - in the shop's process: how long it took over that request (from its arrival to its response
 *     handed to the socket), garbage collections and event-loop delays (bench/support/stall-probe.mjs,
 *     loaded with NODE_OPTIONS=--import);
 *   - in this benchmark's own process, which sends the requests and reads the answers: its garbage
 *     collections and event-loop delays (bench/support/process-watch.mjs, as in the shop);
 *   - in PostgreSQL: what its other backends were doing (pg_stat_activity sampled every 10 ms:
 *     autovacuum workers, checkpointer, the shop's own queries and what they waited on).
 * Each stall is put where most of its time went: in the shop when the shop took at least half of it
 * (its lines then say whether the shop was busy or its query was running in the database); else in
 * this process when that was busy for at least half of the rest; else between the two (the
 * machine: the kernel, the scheduler, the loopback network).
 *
 * Run:  npm run bench:stalls                                   (embedded PGlite)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:stalls
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_ROWS (100000) orders written before the requests, BENCH_REQUESTS (2000),
 *       BENCH_STALL_MS (50), BENCH_VACUUM=1 runs VACUUM ANALYZE after the write (the steady state;
 *       default: the requests start as soon as the write commits), BENCH_WARM (0): requests the
 *       shop serves before the write (on its first 100 orders) to tell a cold process from the
 *       database's settling (PostgreSQL only), BENCH_LABEL.
 * Out:  a table on stdout and bench/results/stalls-<pglite|postgres>[-<label>].json
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createBenchDatabase } from './support/admin-query.mjs';
import { seedOrders, seedPglite } from './support/order-seed.mjs';
import { sleep, startServer, stopServer } from './support/server.mjs';
import { clientDocument, gql, signIn } from './support/shop-api.mjs';
import { watchProcess } from './support/process-watch.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { percentile } from './support/timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 50);
const VACUUM = process.env.BENCH_VACUUM === '1';
const WARM = Number(process.env.BENCH_WARM ?? 0);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;

const ORDERS = clientDocument('AdminOrders');
const pct = (sorted, p) => +percentile(sorted, p).toFixed(2);
/** Wall-clock milliseconds, as the shop's probe writes them (its own timeOrigin plus now). */
const now = () => performance.timeOrigin + performance.now();
const NOT_BUSY = 'not busy (no gc, event loop on time)';

/** Writes orders `from`..`rows`, then VACUUM ANALYZE with BENCH_VACUUM=1. */
const seed = (query, rows, from = 0) => seedOrders(query, rows, { from, vacuum: VACUUM });

/**
 * PostgreSQL's other backends, every 10 ms while `running()`: what the autovacuum workers,
 * the checkpointer and the shop's connections are doing, and what they wait on.
 */
async function sampleActivity(url, running) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples = [];
  try {
    while (running()) {
      const t = now();
      const { rows } = await client.query(
        `SELECT backend_type, state, wait_event_type, wait_event, left(query, 80) AS query
           FROM pg_stat_activity
          WHERE pid <> pg_backend_pid()
            AND (backend_type IN ('autovacuum worker', 'checkpointer', 'background writer', 'walwriter')
                 OR (datname = current_database() AND state = 'active'))`,
      );
      // A background process waiting on 'Activity' is idle; the shop's active queries all count.
      const busy = rows.filter((r) => r.backend_type === 'client backend' || r.wait_event_type !== 'Activity');
      if (busy.length) samples.push({ t, rows: busy });
      await sleep(10);
    }
  } finally {
    await client.end();
  }
  return samples;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-stalls-'));
  const probeFile = path.join(dataDir, 'probe.jsonl');
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
    NODE_OPTIONS: `--import=${path.join(here, 'support', 'stall-probe.mjs')} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
    STALL_PROBE_FILE: probeFile,
    ...(process.env.BENCH_V8_FLAGS ? { STALL_PROBE_V8_FLAGS: process.env.BENCH_V8_FLAGS } : {}),
    ...(benchDb ? { DATABASE_URL: benchDb.url } : {}),
  };
  const out = {
    date: new Date().toISOString(),
    mode: MODE,
    rows: ROWS,
    requests: REQUESTS,
    vacuum: VACUUM,
    warm: WARM,
    stallMs: STALL_MS,
  };
  try {
    let base;
    let writtenAt;
    if (MODE === 'postgres') {
      base = await startServer(env);
      const client = new pg.Client({ connectionString: benchDb.url });
      await client.connect();
      const query = async (sql, params) => (await client.query(sql, params)).rows;
      if (WARM) {
        await seedOrders(query, ROWS, { from: ROWS - 100 });
        const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
        for (let i = 0; i < WARM; i++) await gql(base, ORDERS, { first: 20 }, cookie);
      }
      const t0 = performance.now();
      await seed(query, ROWS - (WARM ? 100 : 0));
      out.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
      await client.end();
    } else {
      // PGlite: one process may open it, so the shop writes the orders through its own first start.
      base = await startServer(env);
      await stopServer();
      out.seedSeconds = +(await seedPglite(dataDir, ROWS, { vacuum: VACUUM })).toFixed(1);
      rmSync(probeFile, { force: true }); // the first process's events are not this run's
      base = await startServer(env);
    }
    writtenAt = now();
    const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    console.error(
      `  ${ROWS} orders written in ${out.seedSeconds} s${VACUUM ? ' (then VACUUM ANALYZE)' : ''}; ${REQUESTS} requests`,
    );

    let running = true;
    const activity = MODE === 'postgres' ? sampleActivity(benchDb.url, () => running) : Promise.resolve([]);
    const requests = [];
    const own = [];
    watchProcess((event) => own.push(event));
    const body = JSON.stringify({ query: ORDERS, variables: { first: 20 } });
    for (let i = 0; i < REQUESTS; i++) {
      const start = now();
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
      const reply = await res.json();
      const ms = now() - start;
      if (res.status !== 200 || reply.errors || reply.data.orders.total.count !== ROWS) {
        throw new Error(`request ${i}: unexpected reply ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
      }
      requests.push({ i, start, ms });
    }
    running = false;
    const samples = await activity;
    await stopServer();

    const probe = existsSync(probeFile)
      ? readFileSync(probeFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
    const sorted = requests.map((r) => r.ms).sort((a, b) => a - b);
    const requestsRan = { from: requests[0].start, to: requests.at(-1).start + requests.at(-1).ms };
    Object.assign(out, {
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      p999: pct(sorted, 99.9),
      max: +sorted.at(-1).toFixed(2),
      over: requests.filter((r) => r.ms > STALL_MS).length,
      gc: {
        major: probe.filter((e) => e.type === 'gc' && e.kind === 'major').length,
        minor: probe.filter((e) => e.type === 'gc' && e.kind === 'minor').length,
        longestMs: Math.max(0, ...probe.filter((e) => e.type === 'gc').map((e) => e.ms)),
      },
      // Young-generation collections while the requests ran, in the shop and in this process, which
      // keeps little: a long pause in both is the machine's, one in the shop alone the shop's.
      minorGcs: { shop: minorPauses(probe, requestsRan), benchmark: minorPauses(own, requestsRan) },
    });
    // Every major collection, and the heap after every tenth minor one: a heap that keeps growing
    // between them is something the shop keeps; a steady one is the collector's own rhythm.
    out.majorGcs = probe
      .filter((e) => e.type === 'gc' && e.kind === 'major')
      .map((e) => ({ afterWriteMs: Math.round(e.start - writtenAt), ms: e.ms, heapMiB: e.heapMiB }));
    out.heapAfterMinorGcs = probe
      .filter((e) => e.type === 'gc' && e.kind === 'minor')
      .filter((_, i) => i % 10 === 0)
      .map((e) => [Math.round(e.start - writtenAt), e.heapMiB]);
    const overlapping = (r, start, end) => start < r.start + r.ms && end > r.start;
    const busyDuring = (events, r) => events.filter((e) => e.type !== 'request' && overlapping(r, e.start, e.start + e.ms));
    const described = (events) => events.map((e) => `${e.type === 'gc' ? `gc ${e.kind}` : 'event loop late'} ${e.ms} ms`);
    // The shop's side of each request. The requests go one at a time, so the shop's last answers to
    // /graphql are these, in order (the sign-in and any warming ones came before them).
    const served = probe.filter((e) => e.type === 'request' && e.path === '/graphql').slice(-requests.length);
    const shopSideOf = (r) => (served.length === requests.length ? served[r.i] : undefined);
    const shopSide = served.map((e) => e.ms).sort((a, b) => a - b);
    out.shopSide =
      served.length === requests.length
        ? {
            requests: shopSide.length,
            p50: pct(shopSide, 50),
            p99: pct(shopSide, 99),
            p999: pct(shopSide, 99.9),
            max: +shopSide.at(-1).toFixed(2),
          }
        : null;
    out.stalls = requests
      .filter((r) => r.ms > STALL_MS)
      .map((r) => {
        const shopBusy = busyDuring(probe, r);
        const ownBusy = busyDuring(own, r);
        return {
          request: r.i,
          afterWriteMs: Math.round(r.start - writtenAt),
          ms: +r.ms.toFixed(1),
          shopMs: shopSideOf(r)?.ms ?? null,
          process: described(shopBusy),
          benchmark: described(ownBusy),
          benchmarkBusyMs: +busyMsWithin(ownBusy, r).toFixed(2),
          database: [
            ...new Set(
              samples
                .filter((s) => s.t >= r.start && s.t <= r.start + r.ms)
                .flatMap((s) =>
                  s.rows.map((row) =>
                    `${row.backend_type}: ${row.wait_event_type ?? 'cpu'}/${row.wait_event ?? '-'} ${row.query ?? ''}`.trim(),
                  ),
                ),
            ),
          ],
        };
      })
      .map((s) => ({ ...s, where: whereStalled(s) }));
    out.autovacuumSeen = [
      ...new Set(samples.flatMap((s) => s.rows.filter((r) => r.backend_type === 'autovacuum worker').map((r) => r.query))),
    ];
  } finally {
    await stopServer().catch(() => undefined);
    if (benchDb) await benchDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\n${MODE}, ${ROWS} orders, ${REQUESTS} sequential first pages with their total (one admin, HTTP), load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(`p50 ${out.p50} ms, p99 ${out.p99} ms, p99.9 ${out.p999} ms, max ${out.max} ms; ${out.over} over ${STALL_MS} ms`);
  if (out.shopSide) {
    const { p50, p99, p999, max } = out.shopSide;
    console.log(`in the shop (arrival to response sent): p50 ${p50} ms, p99 ${p99} ms, p99.9 ${p999} ms, max ${max} ms`);
  } else {
    console.log(`in the shop: not seen (the shop's probe did not record all ${REQUESTS} requests)`);
  }
  const counts = new Map();
  for (const s of out.stalls) counts.set(s.where, (counts.get(s.where) ?? 0) + 1);
  const where = [...counts].map(([w, n]) => `${n} ${w}`);
  if (where.length) console.log(`over ${STALL_MS} ms, by where the time went: ${where.join(', ')}`);
  console.log(
    `gc: ${out.gc.major} major, ${out.gc.minor} minor, longest ${out.gc.longestMs} ms; autovacuum seen: ${out.autovacuumSeen.join(' | ') || 'none'}`,
  );
  const minor = ({ count, p50, max, over10Ms }) =>
    count ? `${count}, median ${p50} ms, longest ${max} ms, ${over10Ms} over 10 ms` : 'none';
  console.log(
    `young-generation collections during the requests: shop ${minor(out.minorGcs.shop)}; benchmark ${minor(out.minorGcs.benchmark)}`,
  );
  console.log(
    `major gcs (ms after the write: pause, heap after): ${out.majorGcs.map((g) => `+${g.afterWriteMs}: ${g.ms} ms, ${g.heapMiB} MiB`).join('; ')}`,
  );
  for (const s of out.stalls) {
    console.log(`  #${s.request} at +${s.afterWriteMs} ms after the write: ${s.ms} ms (${s.where})`);
    const answered = s.shopMs === null ? 'its arrival not seen' : `answered in ${s.shopMs} ms`;
    console.log(`    shop:      ${answered}; ${s.process.join(', ') || NOT_BUSY}`);
    console.log(`    benchmark: ${s.benchmark.join(', ') || NOT_BUSY}`);
    if (MODE === 'postgres') console.log(`    database:  ${s.database.join(' ; ') || 'nothing else active'}`);
  }
  writeResult(`stalls-${MODE}${LABEL}`, { ...out, loadAverage: os.loadavg(), node: process.version });
}

/** The young-generation collections that began `during` the requests: how many, the median and longest pause, and how many over 10 ms. */
function minorPauses(events, during) {
  const pauses = events
    .filter((e) => e.type === 'gc' && e.kind === 'minor' && e.start >= during.from && e.start <= during.to)
    .map((e) => e.ms)
    .sort((a, b) => a - b);
  if (!pauses.length) return { count: 0 };
  return { count: pauses.length, p50: pct(pauses, 50), max: pauses.at(-1), over10Ms: pauses.filter((ms) => ms > 10).length };
}

/** How long `events` kept a process busy within request `r`: their spans clipped to it, overlaps counted once. */
function busyMsWithin(events, r) {
  const spans = events
    .map((e) => [Math.max(e.start, r.start), Math.min(e.start + e.ms, r.start + r.ms)])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let covered = -Infinity;
  for (const [from, to] of spans) {
    if (to <= covered) continue;
    total += to - Math.max(from, covered);
    covered = to;
  }
  return total;
}

/**
 * Where a slow request's time went: in the shop when it took at least half of it (its lines say
 * whether it was busy or its query was running), else outside the shop: in this benchmark's
 * process when that was busy for at least half of the rest, else between the two processes.
 * Without the shop's side of it (its probe missed a request), it is not put anywhere.
 */
function whereStalled(stall) {
  if (stall.shopMs === null) return 'shop side not seen';
  if (stall.shopMs >= stall.ms / 2) return 'in the shop';
  const outside = stall.ms - stall.shopMs;
  return stall.benchmarkBusyMs >= outside / 2 ? "in the benchmark's process" : 'between the processes';
}

runBench(main);
