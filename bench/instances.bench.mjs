/**
 * Several instances of the shop on one PostgreSQL database and one S3-compatible store: a burst of
 * parents' checkouts (createOrder with a photo, then payment in the sandbox) spread over the
 * instances, against the same burst on one instance.
 *
 * Each parent's two steps go to different instances (the order to one, the payment to the next),
 * as a load balancer without sticky sessions would send them. Every instance runs the job runner
 * and the mail outbox's worker, so each e-mail and each job could be taken by any of them; a fake
 * Mailgun (Mailgun's send API: POST /v3/<domain>/messages, answered with an id) counts what each
 * instance sends. After the burst, once the outbox is empty, the run checks in the database and at
 * the fake Mailgun:
 *   - errors: a checkout that did not end Paid;
 *   - duplicate e-mails: an order with two rows of one template in the outbox, or one row sent twice;
 *   - duplicate jobs: two rows of one job (name and payload) enqueued within a second of each other;
 *   - e-mails not sent, jobs failed.
 * Throughput is orders per second over the burst; on a machine with fewer cores than instances it
 * says little, so the CPU time per order is reported beside it: the shop's (all its instances,
 * from /proc/<pid>/stat) and PostgreSQL's (all its processes).
 *
 * Run:  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:instances
 *       (a throw-away database bench_<random> per scenario on that server, dropped at the end)
 * Env:  BENCH_ORDERS (300) per burst, BENCH_CONCURRENCY (12) checkouts in flight,
 *       BENCH_INSTANCES ("1,3") the scenarios, BENCH_LABEL (written into the result's name).
 * Out:  a table on stdout and bench/results/instances-postgres[-<label>].json
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, createBenchDatabase } from './support/admin-query.mjs';
import { cpuSeconds, statCpuSeconds } from './support/process-cpu.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { startS3rver } from './support/s3rver.mjs';
import { benchShopEnv, runningServer, sleep, startServer, stopChild, stopServer } from './support/server.mjs';
import { DIGITAL_ORDER, createOrderWithPhoto } from './support/shop-fixtures.mjs';
import { payInSandbox, PRINTED_ORDER } from './support/shop-api.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 12);
const SCENARIOS = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const DATABASE_URL = process.env.DATABASE_URL;
const MAIL_DOMAIN = 'mg.bench.example.com';
const BUCKET = 'bench-instances';
/** How long the outbox may take to send the burst's e-mails once the burst is over. */
const DRAIN_TIMEOUT_MS = 180_000;

/** A fake of Mailgun's send API that counts each outbox row it is sent (v:outbox-id). */
async function startFakeMailgun() {
  const received = new Map();
  let messages = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/v3\/[^/]+\/messages$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      const body = Buffer.concat(chunks).toString('latin1');
      const outboxId = /name="v:outbox-id"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]+)/.exec(body)?.[1] ?? `none-${messages}`;
      received.set(outboxId, (received.get(outboxId) ?? 0) + 1);
      messages += 1;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `<${randomBytes(8).toString('hex')}@${MAIL_DOMAIN}>`, message: 'Queued. Thank you.' }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received,
    messages: () => messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** CPU seconds of every PostgreSQL process on this machine, by pid. */
function postgresCpu() {
  const cpu = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      cpu.set(pid, statCpuSeconds(`/proc/${pid}/stat`));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return cpu;
}

/** CPU seconds PostgreSQL's processes used between two readings (a process started meanwhile counts from zero). */
function postgresCpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

/** One parent's checkout: the order to one instance, its payment to the next. */
async function checkout(bases, index) {
  const input = index % 2 === 0 ? DIGITAL_ORDER : PRINTED_ORDER;
  const { orderId, checkoutToken } = await createOrderWithPhoto(bases[index % bases.length], {
    ...input,
    email: `parent${index}@example.com`,
  });
  await payInSandbox(bases[(index + 1) % bases.length], orderId, checkoutToken);
  return orderId;
}

async function scenario(instances) {
  const database = await createBenchDatabase(DATABASE_URL);
  const s3 = await startS3rver(BUCKET);
  const mailgun = await startFakeMailgun();
  const dataDirs = [];
  const children = [];
  try {
    const bases = [];
    for (let i = 0; i < instances; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-instance-'));
      dataDirs.push(dataDir);
      const env = benchShopEnv(dataDir, {
        DATABASE_URL: database.url,
        RATE_LIMITS: 'off',
        ...s3.env,
        MAILGUN_API_KEY: 'key-bench',
        MAILGUN_DOMAIN: MAIL_DOMAIN,
        MAILGUN_URL: mailgun.url,
        STAFF_EMAIL: 'studio@example.com',
      });
      // One at a time: the first migrates the empty database, the others find it done.
      bases.push(await startServer(env));
      children.push(runningServer());
    }
    // A few checkouts on each instance before the burst: each instance's first requests, not measured.
    await Promise.all(bases.map((_, i) => checkout(bases, ORDERS + i)));

    const shopBefore = children.map((child) => cpuSeconds(child.pid));
    const postgresBefore = postgresCpu();
    const started = performance.now();
    let next = 0;
    let errors = 0;
    const firstErrors = [];
    const paid = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS) {
          const index = next++;
          try {
            paid.push(await checkout(bases, index));
          } catch (error) {
            errors += 1;
            if (firstErrors.length < 3) firstErrors.push(String(error).slice(0, 300));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const shopCpu = children.reduce((sum, child, i) => sum + cpuSeconds(child.pid) - shopBefore[i], 0);
    const postgresCpuSeconds = postgresCpuBetween(postgresBefore, postgresCpu());

    // The outbox's workers send the burst's e-mails; the run waits until none is left to send.
    const drainStarted = performance.now();
    let unsent = Infinity;
    while (performance.now() - drainStarted < DRAIN_TIMEOUT_MS) {
      unsent = await adminQuery(database.url, async (client) =>
        Number((await client.query(`SELECT count(*) FROM outbox_emails WHERE status <> 'sent'`)).rows[0].count),
      );
      if (unsent === 0) break;
      await sleep(500);
    }

    const checks = await adminQuery(database.url, async (client) => {
      const count = async (sql, params) => Number((await client.query(sql, params)).rows[0].count);
      return {
        notPaid: await count(`SELECT count(*) FROM orders WHERE id = ANY($1::uuid[]) AND status <> 'Paid'`, [paid]),
        outboxRows: await count(`SELECT count(*) FROM outbox_emails`),
        duplicateEmailRows: await count(
          `SELECT count(*) FROM (SELECT 1 FROM outbox_emails WHERE order_id IS NOT NULL GROUP BY order_id, template HAVING count(*) > 1) d`,
        ),
        jobs: await count(`SELECT count(*) FROM jobs`),
        failedJobs: await count(`SELECT count(*) FROM jobs WHERE status = 'failed'`),
        duplicateJobs: await count(
          `SELECT count(*) FROM jobs a JOIN jobs b ON a.name = b.name AND a.payload = b.payload AND a.id < b.id
             AND abs(extract(epoch FROM a.created_at - b.created_at)) < 1`,
        ),
      };
    });
    const sentTwice = [...mailgun.received.values()].filter((times) => times > 1).length;
    return {
      instances,
      orders: ORDERS,
      concurrency: CONCURRENCY,
      seconds: Number(seconds.toFixed(2)),
      ordersPerSecond: Number((paid.length / seconds).toFixed(2)),
      errors,
      firstErrors,
      shopCpuMsPerOrder: Number(((shopCpu * 1000) / ORDERS).toFixed(1)),
      postgresCpuMsPerOrder: Number(((postgresCpuSeconds * 1000) / ORDERS).toFixed(1)),
      emailsUnsent: unsent,
      emailsSent: mailgun.messages(),
      duplicateEmails: checks.duplicateEmailRows + sentTwice,
      ...checks,
      sentTwice,
    };
  } finally {
    for (const child of children.slice(0, -1)) await stopChild(child);
    await stopServer();
    await mailgun.close();
    await s3.close();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!DATABASE_URL) {
    console.error('Several instances share one PostgreSQL database: set DATABASE_URL (the embedded database takes one process).');
    process.exit(2);
  }
  const runs = [];
  for (const instances of SCENARIOS) {
    console.log(`${instances} instance(s): ${ORDERS} checkouts, ${CONCURRENCY} in flight ...`);
    runs.push(await scenario(instances));
  }
  const cores = os.cpus().length;
  console.log(`\n${cores} cores; ${ORDERS} checkouts a burst (createOrder with a photo, then payment in the sandbox)\n`);
  console.log(
    'instances  orders/s  errors  shop CPU ms/order  PostgreSQL CPU ms/order  e-mails sent  duplicate e-mails  duplicate jobs  failed jobs  unsent',
  );
  for (const r of runs) {
    console.log(
      `${String(r.instances).padStart(9)}  ${String(r.ordersPerSecond).padStart(8)}  ${String(r.errors).padStart(6)}  ${String(r.shopCpuMsPerOrder).padStart(17)}  ${String(r.postgresCpuMsPerOrder).padStart(23)}  ${String(r.emailsSent).padStart(12)}  ${String(r.duplicateEmails).padStart(17)}  ${String(r.duplicateJobs).padStart(14)}  ${String(r.failedJobs).padStart(11)}  ${String(r.emailsUnsent).padStart(6)}`,
    );
    for (const error of r.firstErrors) console.log(`  error: ${error}`);
  }
  const one = runs.find((r) => r.instances === 1);
  const ratios = one
    ? Object.fromEntries(
        runs
          .filter((r) => r !== one)
          .map((r) => [`${r.instances}vs1`, Number((r.ordersPerSecond / one.ordersPerSecond).toFixed(2))]),
      )
    : {};
  if (Object.keys(ratios).length) console.log(`throughput against one instance: ${JSON.stringify(ratios)}`);
  writeResult(`instances-postgres${LABEL}`, { at: new Date().toISOString(), cores, runs, ratios });
  const bad = runs.filter((r) => r.errors || r.duplicateEmails || r.duplicateJobs || r.failedJobs || r.emailsUnsent || r.notPaid);
  if (bad.length) throw new Error(`errors or duplicates with ${bad.map((r) => r.instances).join(', ')} instance(s)`);
}

runBench(main);
