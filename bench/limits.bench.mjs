/**
 * What the per-client rate limits and the access log cost: createOrder (1 MB photo, 10 in
 * flight) and the dashboard's first page with its total (one admin, 1 connection), each on a
 * server with the limits on and logging at info (written to a file, as a collector would take
 * it) and on one with RATE_LIMITS=off and LOG_LEVEL=silent, alternating, in one run.
 *
 * With the limits on, createOrder's hourly limit is raised (RATE_LIMIT_CREATE_ORDER_PER_HOUR)
 * so that every order is checked and counted but none is refused: the cost of the check is
 * measured, not its refusals. `npm run bench:limits`; with DATABASE_URL on that PostgreSQL.
 * BENCH_SECONDS (8) per scenario, BENCH_ROUNDS (2) rounds. Results: bench/results/limits-*.json.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { multipartBody } from './support/multipart.mjs';
import { startServer, stopServer } from './support/server.mjs';
import { createBenchDatabase } from './support/admin-query.mjs';
import { DIGITAL_STORY_ORDER } from './support/shop-api.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;

const CREATE_ORDER = `mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {
  createOrder(input: $input, childPhoto: $childPhoto) { orderId userErrors { code message } }
}`;
const ORDERS = `query AdminOrders {
  orders(first: 20) {
    edges { cursor node { id childName email bookFormat moral status createdAt photoUrl videoUrl } }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;
const input = DIGITAL_STORY_ORDER;

const CONFIGS = [
  { name: 'limits and logging off', env: { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' } },
  { name: 'limits and logging on', env: { RATE_LIMITS: 'on', RATE_LIMIT_CREATE_ORDER_PER_HOUR: '100000000', LOG_LEVEL: 'info' } },
];

async function database() {
  if (!DATABASE_URL) return { env: {}, drop: async () => undefined };
  const created = await createBenchDatabase(DATABASE_URL);
  return { env: { DATABASE_URL: created.url }, drop: created.drop };
}

async function login(base) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }',
      variables: { e: ADMIN_EMAIL, p: ADMIN_PASSWORD },
    }),
  });
  const cookie = res.headers.getSetCookie().find((header) => header.startsWith('storybook_session='));
  if (!cookie) throw new Error('the bench admin could not sign in');
  return cookie.split(';')[0];
}

async function cannon(opts) {
  const result = await autocannon({ method: 'POST', duration: SECONDS, timeout: 30, ...opts });
  return {
    rps: +result.requests.average.toFixed(1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(config, photo, dataDir, dbEnv, logFile) {
  const logTo = createWriteStream(logFile, { flags: 'a' });
  const base = await startServer(
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-bytes',
      MEDIA_SECRET: 'bench-media-secret-of-at-least-32-bytes',
      ...dbEnv,
      ...config.env,
    },
    { logTo },
  );
  try {
    const order = multipartBody(CREATE_ORDER, { input }, 'childPhoto', photo);
    const createOrder = await cannon({
      url: `${base}/graphql`,
      connections: 10,
      headers: { 'content-type': order.contentType, 'apollo-require-preflight': 'true' },
      body: order.body,
      // A refusal (a limit reached) would be cheaper than an order: count it as an error.
      verifyBody: (body) => body.includes('"orderId":"'),
    });
    const cookie = await login(base);
    const dashboard = await cannon({
      url: `${base}/graphql`,
      connections: 1,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: ORDERS }),
      verifyBody: (body) => body.includes('"totalCount"'),
    });
    return { createOrder, dashboard };
  } finally {
    await stopServer();
    logTo.end();
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'storybook-limits-bench-'));
const db = await database();
try {
  const photo = {
    name: 'photo.png',
    type: 'image/png',
    data: await sharp(randomBytes(640 * 546 * 3), { raw: { width: 640, height: 546, channels: 3 } })
      .png()
      .toBuffer(),
  };
  const runs = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const config of CONFIGS) {
      const logFile = path.join(work, `${config.env.LOG_LEVEL}.log`);
      console.error(`round ${round}: ${config.name}`);
      const result = await measure(config, photo, path.join(work, 'data'), db.env, logFile);
      runs.push({ round, config: config.name, ...result });
    }
  }
  const logBytes = statSync(path.join(work, 'info.log')).size;
  const average = (name, scenario, field) => {
    const values = runs.filter((run) => run.config === name).map((run) => run[scenario][field]);
    return +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1);
  };
  const rows = ['createOrder', 'dashboard'].flatMap((scenario) =>
    CONFIGS.map((config) => ({
      scenario,
      config: config.name,
      rps: average(config.name, scenario, 'rps'),
      p50: average(config.name, scenario, 'p50'),
      p99: average(config.name, scenario, 'p99'),
      errors: average(config.name, scenario, 'errors'),
    })),
  );
  console.log(`\nLimits and logging, ${MODE}, ${ROUNDS} rounds of ${SECONDS} s, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log('| scenario | configuration | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(`| ${row.scenario} | ${row.config} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`);
  console.log(`access log written with logging on: ${(logBytes / 1024).toFixed(0)} KiB`);
  mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(repoRoot, 'bench', 'results', `limits-${MODE}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), mode: MODE, seconds: SECONDS, rounds: ROUNDS, loadAverage: os.loadavg(), rows, runs, logBytes }, null, 2)}\n`,
  );
} finally {
  await stopServer();
  await db.drop();
  rmSync(work, { recursive: true, force: true });
}
