/**
 * What a request leaves behind in the shop's heap: for each kind of request, asked one after
 * another by one client through the real server (server/dist), how much the shop allocated and how
 * much of that V8 moved to its old generation (promoted: still reachable at two young-generation
 * collections in a row), per request, as V8 itself reports each young-generation collection
 * (`--trace-gc-nvp`). Garbage promoted to the old generation is freed only by a full collection,
 * whose pause is what a dashboard request can be caught behind (bench/stalls.bench.mjs); a request
 * that promotes nothing brings none nearer.
 *
 * Kinds: `GET /healthz` (the HTTP stack and its middleware alone), `{ __typename }` as a signed-in
 * admin (GraphQL, the session, no database), the dashboard's first page (the client's
 * AdminOrders document, 20 orders with their total), and `order`: a parent's createOrder with the
 * 1 MB PNG of bench:order (the multipart upload, the photo's re-encode and the insert). An order's
 * photo is held in Buffers, which count towards the limit that starts a full collection
 * (server/src/common/v8-flags.ts), so full collections, not young ones, take back most of what an
 * order leaves: for `order` the full collections per 100 requests are the figure to read.
 *
 * Run:  npm run build -w server && node bench/promotion.bench.mjs     (embedded PGlite)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x node bench/promotion.bench.mjs
 *         (a throw-away database bench_<random> on that server, dropped at the end)
 * Env:  BENCH_REQUESTS (4000) a kind, BENCH_ROWS (1000) orders written first, BENCH_KINDS (all:
 *       healthz,typename,dashboard,order; with `order` among them the shop runs with
 *       RATE_LIMITS=off, as in bench:order, or a parent's orders would soon be refused), BENCH_LABEL;
 *       BENCH_SERVER_MAIN (another build, to compare).
 * Out:  a table on stdout and bench/results/promotion-<pglite|postgres>[-<label>].json
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createBenchDatabase } from './support/admin-query.mjs';
import { seedShop } from './support/order-seed.mjs';
import { benchShopEnv, startServer, stopServer } from './support/server.mjs';
import { clientDocument, CREATE_ORDER, signIn } from './support/shop-api.mjs';
import { DIGITAL_ORDER } from './support/shop-fixtures.mjs';
import { multipartBody } from './support/multipart.mjs';
import { makePng } from './support/photos.mjs';
import { runBench, writeResult } from './support/results.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const KINDS = (process.env.BENCH_KINDS ?? 'healthz,typename,dashboard,order').split(',').filter(Boolean);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;

/** How each kind of request is asked, with the admin's session cookie (a parent's order: none). */
const REQUEST_KINDS = {
  healthz: (base) => [`${base}/healthz`, {}],
  typename: (base, cookie) => [
    `${base}/graphql`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ __typename }' }),
    },
  ],
  dashboard: (base, cookie) => [
    `${base}/graphql`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: clientDocument('AdminOrders'), variables: { first: 20 } }),
    },
  ],
  order: async (base) => {
    const { body, contentType } = multipartBody(CREATE_ORDER, { input: DIGITAL_ORDER }, 'childPhoto', await makePng());
    return [
      `${base}/graphql`,
      { method: 'POST', headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' }, body },
    ];
  },
};

/** The young-generation collections in V8's `--trace-gc-nvp` lines: bytes allocated and promoted since the last. */
function scavenges(log) {
  const field = (line, key) => Number(line.match(new RegExp(`\\b${key}=(\\d+)`))?.[1] ?? 0);
  const lines = log.split('\n');
  return {
    young: lines
      .filter((line) => / gc=s /.test(line))
      .map((line) => ({ allocated: field(line, 'allocated'), promoted: field(line, 'promoted') })),
    full: lines.filter((line) => / gc=(ms|mc) /.test(line)).length,
  };
}

async function main() {
  for (const kind of KINDS) if (!REQUEST_KINDS[kind]) throw new Error(`BENCH_KINDS: no kind ${kind}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-promotion-'));
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const env = benchShopEnv(dataDir, {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(KINDS.includes('order') ? { RATE_LIMITS: 'off' } : {}),
    ...(benchDb ? { DATABASE_URL: benchDb.url } : {}),
  });
  let log = '';
  const stdout = new PassThrough();
  stdout.on('data', (chunk) => (log += chunk));
  const results = {};
  try {
    // The shop makes its tables on a first start; the orders are written while it is stopped (PGlite:
    // one process may open it).
    await startServer(env);
    await stopServer();
    await seedShop({ databaseUrl: benchDb?.url, dataDir }, ROWS, {});
    // V8's own account of each collection, on the shop's stdout: for the measured start only.
    process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --trace-gc-nvp`.trim();
    const base = await startServer(env, { logTo: stdout });
    const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const kind of KINDS) {
      const [url, init] = await REQUEST_KINDS[kind](base, cookie);
      const first = await (await fetch(url, init)).text();
      if (/"errors"|"userErrors":\[\{/.test(first)) throw new Error(`${kind}: ${first.slice(0, 300)}`);
      // Warm: the first requests compile code and fill caches that stay.
      for (let i = 0; i < 200; i++) await (await fetch(url, init)).arrayBuffer();
      log = '';
      for (let i = 0; i < REQUESTS; i++) {
        const res = await fetch(url, init);
        if (!res.ok) throw new Error(`${kind}: status ${res.status}`);
        await res.arrayBuffer();
      }
      const { young, full } = scavenges(log);
      const sum = (key) => young.reduce((total, each) => total + each[key], 0);
      results[kind] = {
        requests: REQUESTS,
        youngCollections: young.length,
        fullCollections: full,
        fullCollectionsPer100Requests: +((full * 100) / REQUESTS).toFixed(2),
        allocatedKiBPerRequest: +(sum('allocated') / REQUESTS / 1024).toFixed(1),
        promotedKiBPerRequest: +(sum('promoted') / REQUESTS / 1024).toFixed(2),
      };
    }
  } finally {
    await stopServer();
    await benchDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\n${ROWS} orders (${MODE === 'postgres' ? 'PostgreSQL' : 'PGlite'}), ${REQUESTS} sequential requests a kind, after 200 to warm`,
  );
  console.log('kind        young GCs  full GCs  allocated/request  promoted/request');
  for (const [kind, r] of Object.entries(results)) {
    console.log(
      `${kind.padEnd(10)}  ${String(r.youngCollections).padStart(8)}  ${String(r.fullCollections).padStart(8)}  ${`${r.allocatedKiBPerRequest} KiB`.padStart(17)}  ${`${r.promotedKiBPerRequest} KiB`.padStart(16)}`,
    );
  }
  writeResult(`promotion-${MODE}${LABEL}`, {
    date: new Date().toISOString(),
    mode: MODE,
    rows: ROWS,
    rateLimits: KINDS.includes('order') ? 'off' : 'on',
    node: process.version,
    server: process.env.BENCH_SERVER_MAIN ?? 'server/dist',
    results,
  });
}

runBench(main);
