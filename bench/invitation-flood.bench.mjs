/**
 * What a flood of made-up invitation tokens does to the shop: a parent's stored photo is loaded
 * one request after another, first on a quiet server, then while FLOOD anonymous
 * `acceptAdminInvitation` calls with random tokens arrive at once. Reported: the photo's load
 * time (p50, p95, max) quiet and under the flood, how many calls were refused by the rate limit
 * and how many by the token check, the flood's wall time and the server's peak RSS.
 *
 * The server runs as in production on the embedded database (RATE_LIMITS on). To compare with an
 * older build, point BENCH_SERVER_MAIN at its server/dist/main.js.
 *
 * Run:  npm run bench:invitations
 * Env:  BENCH_FLOOD (24), BENCH_LABEL (written into the result's name, e.g. "before").
 * Out:  a table on stdout and bench/results/invitation-flood[-<label>].json
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { multipartBody } from './support/multipart.mjs';
import { runningServer, serverMain, startServer, stopServer } from './support/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const FLOOD = Number(process.env.BENCH_FLOOD ?? 24);
const QUIET_LOADS = 40;
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';

const CREATE_ORDER = `mutation($input: CreateOrderInput!, $childPhoto: Upload!) {
  createOrder(input: $input, childPhoto: $childPhoto) { orderId checkoutToken userErrors { message } }
}`;
const CHECKOUT = `query($orderId: ID!, $checkoutToken: String!) {
  checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) { photoUrl }
}`;
const ACCEPT = `mutation($token: String!, $password: String!) {
  acceptAdminInvitation(token: $token, password: $password) { admin { id } userErrors { code message } }
}`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (v) => +v.toFixed(1);
  return {
    loads: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)),
  };
};
const rssMiB = (pid) =>
  +(Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024).toFixed(1);

async function graphql(base, query, variables, headers = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

async function loadPhoto(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`photo answered ${res.status}`);
  return performance.now() - t0;
}

async function main() {
  console.log(
    `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}; server ${path.relative(process.cwd(), serverMain)}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-flood-bench-'));
  try {
    const base = await startServer({ DATA_DIR: dataDir, RATE_LIMITS: 'on', LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
    const pid = runningServer().pid;

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 240, g: 180, b: 90 } } })
      .jpeg()
      .toBuffer();
    const input = { childName: 'Mia', childAge: 6, moral: 'Kindness', email: 'parent@example.com', bookFormat: 'digital' };
    const { body, contentType } = multipartBody(CREATE_ORDER, { input }, 'childPhoto', {
      name: 'mia.jpg',
      type: 'image/jpeg',
      data: photo,
    });
    const created = await (
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
        body,
      })
    ).json();
    const { orderId, checkoutToken } = created.data.createOrder;
    const photoUrl = `${base}${(await graphql(base, CHECKOUT, { orderId, checkoutToken })).data.checkoutOrder.photoUrl}`;

    for (let i = 0; i < 5; i++) await loadPhoto(photoUrl); // warm-up
    const quiet = [];
    for (let i = 0; i < QUIET_LOADS; i++) quiet.push(await loadPhoto(photoUrl));
    const rssBefore = rssMiB(pid);

    const t0 = performance.now();
    let done = false;
    let peakRss = rssBefore;
    const flood = Promise.all(
      Array.from({ length: FLOOD }, () =>
        graphql(base, ACCEPT, { token: randomBytes(32).toString('base64url'), password: 'a password long enough' }).then(
          (reply) =>
            reply.data?.acceptAdminInvitation?.userErrors?.[0]?.code ?? reply.errors?.[0]?.extensions?.code ?? 'accepted',
        ),
      ),
    ).finally(() => (done = true));
    const underFlood = [];
    while (!done) {
      underFlood.push(await loadPhoto(photoUrl));
      peakRss = Math.max(peakRss, rssMiB(pid));
    }
    const answers = await flood;
    const floodSeconds = (performance.now() - t0) / 1000;
    const counts = answers.reduce((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      server: path.relative(process.cwd(), serverMain),
      flood: FLOOD,
      answers: counts,
      floodSeconds: +floodSeconds.toFixed(2),
      photoQuietMs: summary(quiet),
      photoUnderFloodMs: summary(underFlood),
      rssMiBBefore: rssBefore,
      rssMiBPeakDuringFlood: peakRss,
    };
    console.log('');
    console.log(`flood of ${FLOOD} made-up tokens: answered in ${results.floodSeconds} s: ${JSON.stringify(counts)}`);
    console.log(
      `photo, quiet         p50 ${results.photoQuietMs.p50} ms, p95 ${results.photoQuietMs.p95} ms, max ${results.photoQuietMs.max} ms`,
    );
    console.log(
      `photo, under flood   p50 ${results.photoUnderFloodMs.p50} ms, p95 ${results.photoUnderFloodMs.p95} ms, max ${results.photoUnderFloodMs.max} ms (${results.photoUnderFloodMs.loads} loads)`,
    );
    console.log(`server RSS           ${rssBefore} MiB before, ${peakRss} MiB at the flood's peak`);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    const file = path.join(here, 'results', `invitation-flood${LABEL}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.stack : error);
  await stopServer();
  process.exit(1);
});
