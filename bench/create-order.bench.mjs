/**
 * createOrder benchmark: the shop against its ceiling, measured in the same run, for two photos
 * made with sharp so that they compress like photos (bench/support/photos.mjs):
 *
 *   - a phone camera's JPEG: 4032x3024, 2-4 MB
 *   - a 1 MB PNG (an edited or exported picture)
 *
 * Shop: `createOrder` over HTTP (one GraphQL multipart request per order, autocannon, 10 in
 * flight) against the real server (server/dist), RATE_LIMITS=off. The server's CPU time per order,
 * in all and by thread (the event loop; sharp's libvips threads; the libuv pool, where sharp drives
 * each pipeline and encodes; V8's helpers), and its peak RSS during the run are read from /proc;
 * its garbage collections (major ones per 100 orders, pauses) from bench/support/stall-probe.mjs
 * (GC only).
 * Ceiling: the same photo bytes through sharp's decode, resize to fit 2048 px and its default JPEG
 * encoder (libjpeg-turbo) at quality 85, plus the order + event insert, done directly in this
 * process at the same concurrency (sharp's default settings; pg pool on PostgreSQL, PGlite
 * in-process in embedded mode). This yardstick stays fixed whatever encoder the shop uses.
 * Receiving alone: the same requests to a bare node:http server that reads each body and answers
 * (support/bare-receiver.mjs), with the CPU it and the load generator take per request: what
 * carrying 1-4 MB in over loopback costs on this machine, which the shop pays and the ceiling,
 * in-process, does not. The load generator's CPU in the shop's own run is reported too.
 *
 * Run:  npm run bench:order                                 (embedded PGlite)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:order
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_SECONDS (10) per run, BENCH_CONNECTIONS (10), BENCH_WARMUP (2 s, not measured),
 *       BENCH_ROUNDS (3): rounds of each photo's shop and ceiling back to back; each photo's
 *       share is the rounds' median,
 *       BENCH_LABEL (written into the result's name, e.g. "before"), BENCH_PHOTOS (jpeg,png): the
 *       photos to send, one of them to compare two builds on it alone.
 * Out:  a table on stdout and bench/results/create-order-<pglite|postgres>[-<label>].json
 */
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
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
import { makeJpeg, makePng } from './support/photos.mjs';
import { cpuSeconds, THREAD_PARTS, threadCpuDelta, threadCpuSeconds } from './support/process-cpu.mjs';
import { median } from './support/timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const PHOTOS = new Set((process.env.BENCH_PHOTOS ?? 'jpeg,png').split(','));
if (![...PHOTOS].every((photo) => photo === 'jpeg' || photo === 'png')) throw new Error('BENCH_PHOTOS: jpeg, png or both');

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

// ---------------------------------------------------------------------------------------------
// Process state and clean-up

const state = { dataDir: null, probeFile: null, benchDb: null, cleaned: false, instance: null };

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
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The server's garbage collections from `since` (epoch ms) on, as the probe wrote them. */
function collectionsSince(since) {
  if (!existsSync(state.probeFile)) return [];
  return readFileSync(state.probeFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === 'gc' && event.start >= since);
}

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return +(Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024).toFixed(1);
}

/** The createOrder request for `photo`, as every order of a run sends it. */
function orderRequest(photo) {
  const { body, contentType } = multipartBody(CREATE_ORDER, { input: digitalOrder() }, 'childPhoto', photo);
  return { body, headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' } };
}

const cpuMsOf = ({ user, system }) => (user + system) / 1000;

/** CPU ms per order by thread from a `threadCpuDelta` over `orders` orders. */
const perOrder = (threads, orders) =>
  orders ? Object.fromEntries(THREAD_PARTS.map((part) => [part, +((threads[part] * 1000) / orders).toFixed(2)])) : null;

/** How a line names each of THREAD_PARTS. */
const THREAD_LABELS = { v8Helpers: 'V8 helpers', ended: 'ended threads' };

/** A run's CPU per order by thread, as one line. */
const byThread = (parts) =>
  parts ? THREAD_PARTS.map((part) => `${THREAD_LABELS[part] ?? part} ${parts[part]}`).join(', ') : '-';

/**
 * The ceiling's CPU per order over the server's, from their CPU by thread: steadier than the ratio
 * of throughputs on a machine whose speed drifts between runs, since each side's CPU per order
 * hardly moves with it. The shop's includes receiving the request; the load generator's is not in it.
 */
const cpuShare = (shop, ceiling) => {
  const total = (parts) => THREAD_PARTS.reduce((sum, part) => sum + parts[part], 0);
  return shop && ceiling && total(shop) > 0 ? +(total(ceiling) / total(shop)).toFixed(3) : null;
};

/** The median of `values`, or null when there are none (a run without orders has no CPU share). */
const medianOrNull = (values) => (values.length > 0 ? median(values) : null);

/** An order request ({ headers, body }) to `url`, CONNECTIONS in flight for `seconds` (autocannon's instance). */
const load = (url, { headers, body }, seconds, options = {}) =>
  autocannon({ url, method: 'POST', connections: CONNECTIONS, duration: seconds, timeout: 60, headers, body, ...options });

/** createOrder over HTTP with `photo`, CONNECTIONS in flight for SECONDS. */
async function shopRun(base, photo) {
  const request = orderRequest(photo);
  const res = await fetch(`${base}/graphql`, { method: 'POST', ...request });
  const reply = await res.json();
  if (res.status !== 200 || reply.errors || !reply.data?.createOrder?.orderId || reply.data.createOrder.userErrors.length) {
    throw new Error(`createOrder by hand failed (${res.status}): ${JSON.stringify(reply).slice(0, 500)}`);
  }
  const pid = runningServer().pid;
  await load(`${base}/graphql`, request, WARMUP);
  await sleep(1500); // let the warm-up's last requests finish
  const threadsBefore = threadCpuSeconds(pid);
  const loadGeneratorBefore = process.cpuUsage();
  const measuredFrom = Date.now();
  let peakRss = rssMiB(pid);
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssMiB(pid));
    } catch {
      /* gone: reported below */
    }
  }, 50);
  const instance = load(`${base}/graphql`, request, SECONDS, {
    verifyBody: (b) => String(b).includes('"userErrors":[]') && String(b).includes('"orderId":"'),
  });
  state.instance = instance;
  const result = await instance;
  state.instance = null;
  clearInterval(sampler);
  const threads = threadCpuDelta(threadsBefore, threadCpuSeconds(pid));
  const cpu = threads.total;
  const loadGenerator = cpuMsOf(process.cpuUsage(loadGeneratorBefore));
  const collections = collectionsSince(measuredFrom).filter((event) => event.start <= Date.now());
  const child = runningServer();
  if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error('the server is gone');
  await sleep(2000);
  const ok = result.requests.total - result.non2xx - result.mismatches;
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    serverCpuMsPerOrder: ok ? +((cpu * 1000) / ok).toFixed(0) : null,
    // Where the server's CPU went, by thread: the event loop's JavaScript (HTTP, GraphQL, the
    // database client, sharp's JavaScript) against sharp's own threads, which the ceiling runs too.
    serverCpuMsPerOrderByThread: perOrder(threads, ok),
    // autocannon, in this process, on the same cores as the server: CPU the ceiling does not spend.
    loadGeneratorCpuMsPerOrder: ok ? +(loadGenerator / ok).toFixed(2) : null,
    serverPeakRssMiB: peakRss,
    // What the photos' memory costs in garbage collection: these follow from what is allocated,
    // so they hold still on a machine whose speed does not.
    gc: ok
      ? {
          majorPer100Orders: +((collections.filter((event) => event.kind === 'major').length * 100) / ok).toFixed(1),
          pauseMsPerOrder: +(collections.reduce((sum, event) => sum + event.ms, 0) / ok).toFixed(2),
          helperCpuMsPerOrder: +((threads.v8Helpers * 1000) / ok).toFixed(1),
        }
      : null,
    multipartBytes: request.body.length,
  };
}

/**
 * Receiving alone: the same requests, CONNECTIONS in flight for SECONDS, to a bare node:http
 * server (support/bare-receiver.mjs) that reads each body and answers. What the machine spends
 * carrying a request in and its answer out (the load generator's sending, the kernel's copies,
 * the parsing of HTTP), which the shop pays and the ceiling, working in-process, does not.
 */
async function receivingRun(photo) {
  const request = orderRequest(photo);
  const child = spawn(process.execPath, [path.join(here, 'support', 'bare-receiver.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`the bare receiver exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}/graphql`;
    await load(url, request, WARMUP);
    await sleep(500);
    const serverBefore = cpuSeconds(child.pid);
    const loadGeneratorBefore = process.cpuUsage();
    const result = await load(url, request, SECONDS);
    const server = cpuSeconds(child.pid) - serverBefore;
    const loadGenerator = cpuMsOf(process.cpuUsage(loadGeneratorBefore));
    const ok = result.requests.total - result.non2xx;
    return {
      rps: ok / result.duration,
      serverCpuMsPerRequest: ok ? +((server * 1000) / ok).toFixed(2) : null,
      loadGeneratorCpuMsPerRequest: ok ? +(loadGenerator / ok).toFixed(2) : null,
      errors: result.errors + result.timeouts + result.non2xx,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

/** The ceiling: decode + resize + libjpeg-turbo q85 + insert, CONNECTIONS workers for SECONDS. */
async function ceilingRun(insertTx, photo) {
  const one = async () => {
    await sharp(photo.data)
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    await insertTx();
  };
  const warmUntil = performance.now() + WARMUP * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < warmUntil) await one();
    }),
  );
  const latencies = [];
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const threads0 = threadCpuSeconds(process.pid);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await one();
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (errors++ === 0) console.error('  ceiling failed:', error.message);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const threads = threadCpuDelta(threads0, threadCpuSeconds(process.pid));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return {
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    total: latencies.length,
    errors,
    non2xx: 0,
    mismatches: 0,
    cpuMsPerOrder: +((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(0),
    // The same threads as the shop's: sharp's work here is the yardstick's, the main thread's is
    // sharp's JavaScript and the insert (and in embedded mode PGlite itself).
    cpuMsPerOrderByThread: perOrder(threads, latencies.length),
  };
}

async function withInserter(benchUrl, fn) {
  if (MODE === 'postgres') {
    const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS });
    pool.on('error', (error) => console.error('  pg pool error (idle client):', error.message));
    try {
      return await fn(async () => {
        const client = await pool.connect();
        try {
          const id = randomUUID();
          await client.query('BEGIN');
          for (const [sql, params] of orderInsertStatements(id, 'jpg')) await client.query(sql, params);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      });
    } finally {
      await pool.end();
    }
  }
  if (runningServer()) throw new Error('the server must be stopped before opening PGlite directly');
  const dir = path.join(state.dataDir, 'pglite');
  const lockFile = `${dir}.lock`;
  if (existsSync(lockFile)) rmSync(lockFile, { force: true }); // the server has exited: its lock is stale
  writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm as the server loads it: the trigram indexes on orders need it for every insert.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    return await fn(() =>
      db.transaction(async (tx) => {
        const id = randomUUID();
        for (const [sql, params] of orderInsertStatements(id, 'jpg')) await tx.query(sql, params);
      }),
    );
  } finally {
    await db.close();
    rmSync(lockFile, { force: true });
  }
}

const fmt = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main() {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build -w server\` first`);
  const benchStart = new Date();
  state.dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-order-bench-'));
  state.probeFile = path.join(state.dataDir, 'server-gc.jsonl');
  let benchUrl;
  let pgVersion;
  if (MODE === 'postgres') {
    const created = await createBenchDatabase(DATABASE_URL);
    state.benchDb = created;
    pgVersion = created.version;
    benchUrl = created.url;
  }
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: +(os.totalmem() / 1024 ** 3).toFixed(1),
    loadAverageAtStart: os.loadavg().map((n) => +n.toFixed(2)),
    mode: MODE,
    ...(MODE === 'postgres' ? { postgres: pgVersion } : {}),
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    sharp: sharp.versions,
  };
  console.log(`node ${machine.node}, ${machine.cpus} x ${machine.cpuModel}, load ${machine.loadAverageAtStart.join(' ')}`);
  console.log(`mode: ${MODE}; ${SECONDS} s per run, ${CONNECTIONS} in flight; load generator and server share this machine`);

  const photos = [...(PHOTOS.has('jpeg') ? [await makeJpeg()] : []), ...(PHOTOS.has('png') ? [await makePng()] : [])];
  for (const p of photos) console.log(`${p.label}: ${p.width}x${p.height}, ${p.data.length} bytes`);

  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: state.dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    // The stalls benchmark's probe: it writes every garbage collection of the server to a file.
    NODE_OPTIONS: `--import=${path.join(here, 'support', 'stall-probe.mjs')}`,
    STALL_PROBE_FILE: state.probeFile,
    STALL_PROBE_GC_ONLY: '1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
    ...(benchUrl ? { DATABASE_URL: benchUrl } : {}),
  };

  // Rounds; in each, for one photo and then the other, the shop and its ceiling back to back, so
  // that the two sides of a ratio are measured within seconds of each other on a machine whose
  // speed drifts by a third within a minute; each photo's median round is reported. The server
  // stops before each ceiling: in embedded mode the ceiling opens the shop's database itself.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.error(`round ${round} of ${ROUNDS}`);
    const shop = {};
    const ceiling = {};
    for (const photo of photos) {
      const base = await startServer(env);
      shop[photo.label] = await shopRun(base, photo);
      const r = shop[photo.label];
      console.error(
        `  shop, ${photo.label}: ${fmt(r.rps, 2)} orders/s, p50 ${r.p50} ms, ${r.serverCpuMsPerOrder} ms CPU/order (load generator ${r.loadGeneratorCpuMsPerOrder})`,
      );
      await stopServer();
      await withInserter(benchUrl, async (insertTx) => {
        ceiling[photo.label] = await ceilingRun(insertTx, photo);
      });
      const c = ceiling[photo.label];
      console.error(`  ceiling, ${photo.label}: ${fmt(c.rps, 2)} orders/s, ${c.cpuMsPerOrder} ms CPU/order`);
    }
    const receiving = {};
    for (const photo of photos) {
      receiving[photo.label] = await receivingRun(photo);
      const r = receiving[photo.label];
      console.error(
        `  receiving alone, ${photo.label}: ${fmt(r.rps, 2)} requests/s, ${r.serverCpuMsPerRequest} ms CPU/request (load generator ${r.loadGeneratorCpuMsPerRequest})`,
      );
    }
    rounds.push({ shop, ceiling, receiving });
  }

  const results = photos.map((p) => {
    const perRound = rounds.map(({ shop, ceiling, receiving }) => ({
      shop: shop[p.label],
      ceiling: ceiling[p.label],
      receiving: receiving[p.label],
      shareOfCeiling: +(shop[p.label].rps / ceiling[p.label].rps).toFixed(3),
      cpuShareOfCeiling: cpuShare(shop[p.label].serverCpuMsPerOrderByThread, ceiling[p.label].cpuMsPerOrderByThread),
    }));
    // The round whose share is the median stands for the photo; every round is kept in the file.
    const share = median(perRound.map((r) => r.shareOfCeiling));
    const middle = perRound.reduce((best, r) =>
      Math.abs(r.shareOfCeiling - share) < Math.abs(best.shareOfCeiling - share) ? r : best,
    );
    return {
      photo: `${p.label} ${p.width}x${p.height}, ${p.data.length} bytes`,
      shop: middle.shop,
      ceiling: middle.ceiling,
      receiving: middle.receiving,
      shareOfCeiling: +share.toFixed(3),
      cpuShareOfCeiling: medianOrNull(perRound.map((r) => r.cpuShareOfCeiling).filter((share) => share !== null)),
      rounds: perRound,
    };
  });

  console.log('');
  const header = [
    'photo',
    'shop orders/s',
    'p50 ms',
    'p99 ms',
    'CPU ms/order',
    'ceiling orders/s',
    'CPU ms/order',
    'shop/ceiling',
    'err',
  ];
  const lines = results.map((r) => [
    r.photo,
    fmt(r.shop.rps, 2),
    fmt(r.shop.p50, 0),
    fmt(r.shop.p99, 0),
    String(r.shop.serverCpuMsPerOrder),
    fmt(r.ceiling.rps, 2),
    String(r.ceiling.cpuMsPerOrder),
    `${(r.shareOfCeiling * 100).toFixed(0)}%`,
    // Failures of every round, not only the median one's.
    ['errors', 'non2xx', 'mismatches'].map((k) => r.rounds.reduce((sum, x) => sum + x.shop[k], 0)).join('/'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(line)].join('\n'));
  for (const r of results) {
    const shares = r.rounds.map((x) => `${(x.shareOfCeiling * 100).toFixed(0)}%`).join(', ');
    const gc = r.rounds.map(
      (x) => `${x.shop.gc?.majorPer100Orders} / ${x.shop.gc?.pauseMsPerOrder} / ${x.shop.gc?.helperCpuMsPerOrder}`,
    );
    const percent = (share) => (share === null ? '-' : `${(share * 100).toFixed(0)}%`);
    const cpuShares = r.rounds.map((x) => percent(x.cpuShareOfCeiling)).join(', ');
    console.log(`${r.photo}: shop/ceiling by round ${shares}; server peak RSS ${r.shop.serverPeakRssMiB} MiB`);
    console.log(`  ceiling's CPU per order / the server's, by round: ${cpuShares} (median ${percent(r.cpuShareOfCeiling)})`);
    console.log(`  CPU ms per order by thread (median round), shop: ${byThread(r.shop.serverCpuMsPerOrderByThread)}`);
    console.log(`    ceiling: ${byThread(r.ceiling.cpuMsPerOrderByThread)}`);
    console.log(
      `  server GC by round (major GCs per 100 orders / pause ms per order / GC helpers' CPU ms per order): ${gc.join(', ')}`,
    );
    const { shop, receiving } = r;
    console.log(
      `  receiving alone (bare node:http, same round): ${fmt(receiving.rps, 2)} requests/s, server ${receiving.serverCpuMsPerRequest} ms` +
        ` + load generator ${receiving.loadGeneratorCpuMsPerRequest} ms CPU/request; in the shop's run the load generator took` +
        ` ${shop.loadGeneratorCpuMsPerOrder} ms CPU/order`,
    );
  }

  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `create-order-${MODE}${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify({ date: benchStart.toISOString(), machine, results }, null, 2)}\n`);
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
