/**
 * The new-order insert alone: the statement createOrder runs for every order (its order, first link
 * and `created` event), one after another through the shop's own database client, sent by its
 * registered name (parsed once per connection) and, in the same run, unnamed (parsed every time,
 * as any text nobody registered is). The two alternate in blocks, so the machine's load moves both
 * alike.
 *
 * Measured per insert: the wall time, this process's CPU time (on PGlite the database itself runs
 * here, in WebAssembly) and, on PostgreSQL, the CPU time of the server's backend serving the
 * connection (from /proc, so the server must run on this machine, outside a container: inside one
 * its backend's process number means another process here).
 *
 * Run:  node bench/order-insert.bench.mjs                  (embedded PGlite in a folder, as the shop keeps it)
 *       DATABASE_URL=postgres://postgres@127.0.0.1:5432/x node bench/order-insert.bench.mjs
 *         (creates a throw-away database bench_<random> on that server, drops it at the end)
 * Env:  BENCH_INSERTS (1000) per block, BENCH_ROUNDS (4) pairs of blocks, BENCH_LABEL.
 * Out:  a table on stdout and bench/results/order-insert-<pglite|postgres>[-<label>].json
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBenchDatabase } from './support/admin-query.mjs';
import { newOrderParameters } from './support/order-insert.mjs';
import { cpuSeconds } from './support/process-cpu.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { median, quietLogger } from './support/timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '..', 'server', 'dist');
const INSERTS = Number(process.env.BENCH_INSERTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';

const { openDatabase } = await import(pathToFileURL(path.join(dist, 'db', 'database.js')).href);
const { INSERT_NEW_ORDER_SQL } = await import(pathToFileURL(path.join(dist, 'checkout', 'order.service.js')).href);
// The same statement in other words (a space more): the client sends it unnamed.
const UNNAMED_SQL = `${INSERT_NEW_ORDER_SQL} `;

async function block(runner, sql, backendPid) {
  const cpu = process.cpuUsage();
  const backend = backendPid ? cpuSeconds(backendPid) : 0;
  const start = performance.now();
  for (let i = 0; i < INSERTS; i++) await runner.query(sql, newOrderParameters());
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    wallMs: +(wall / INSERTS).toFixed(3),
    processCpuMs: +((used.user + used.system) / 1000 / INSERTS).toFixed(3),
    backendCpuMs: backendPid ? +(((cpuSeconds(backendPid) - backend) * 1000) / INSERTS).toFixed(3) : null,
  };
}

async function main() {
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const dataDir = MODE === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'bench-insert-')) : null;
  const database = await openDatabase({
    databaseUrl: benchDb?.url,
    pgliteDir: dataDir && path.join(dataDir, 'pglite'),
    logger: quietLogger,
  });
  const runner = database.dataSource.createQueryRunner();
  try {
    await runner.connect();
    const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid');
    const backendPid = MODE === 'postgres' && existsSync(`/proc/${pid}/stat`) ? pid : null;
    if (MODE === 'postgres' && !backendPid) console.log('the PostgreSQL server is not on this machine: its CPU is not measured');
    // Warm-up: both forms, once, so that neither pays for the first plan or the first pages.
    await block(runner, INSERT_NEW_ORDER_SQL, null);
    await block(runner, UNNAMED_SQL, null);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const unnamed = await block(runner, UNNAMED_SQL, backendPid);
      const named = await block(runner, INSERT_NEW_ORDER_SQL, backendPid);
      rounds.push({ unnamed, named });
      console.log(`round ${round + 1}: unnamed ${JSON.stringify(unnamed)}, named ${JSON.stringify(named)}`);
    }
    const summary = {};
    for (const form of ['unnamed', 'named']) {
      summary[form] = Object.fromEntries(
        ['wallMs', 'processCpuMs', 'backendCpuMs'].map((key) => [
          key,
          backendPid || key !== 'backendCpuMs' ? median(rounds.map((r) => r[form][key])) : null,
        ]),
      );
    }
    console.log(`\nmode: ${MODE}; ${ROUNDS} rounds of ${INSERTS} inserts each way; medians of the rounds, ms per insert`);
    console.log('form    | wall  | this process CPU | backend CPU');
    for (const form of ['unnamed', 'named']) {
      const s = summary[form];
      console.log(
        `${form.padEnd(7)} | ${s.wallMs.toFixed(3)} | ${s.processCpuMs.toFixed(3).padStart(16)} | ${s.backendCpuMs === null ? '-' : s.backendCpuMs.toFixed(3)}`,
      );
    }
    writeResult(`order-insert-${MODE}${LABEL}`, {
      date: new Date().toISOString(),
      mode: MODE,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => +n.toFixed(2)),
      inserts: INSERTS,
      rounds,
      summary,
    });
  } finally {
    await runner.release();
    await database.close();
    await benchDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
