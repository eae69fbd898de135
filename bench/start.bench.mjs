/**
 * Start-up benchmark: `npm start` (prestart included) until /readyz answers 200, twice in a row:
 * the first start, on an empty embedded database after a change to the sources (it builds, creates
 * the database and runs every migration), then a second one with nothing changed. After each
 * start, the server process's resident memory (RSS from /proc) once ready and again after
 * BENCH_IDLE_SECONDS of idling.
 *
 * The first start is made to build by removing the build stamps
 * (server/dist/.build-stamp, client/dist/.build-stamp).
 *
 * Run:  npm run bench:start          (embedded PGlite in a throw-away DATA_DIR)
 * Env:  BENCH_PORT (5700), BENCH_IDLE_SECONDS (60), BENCH_LABEL (written into the result's name,
 *       e.g. "before").
 * Out:  a table on stdout and bench/results/start[-<label>].json
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const PORT = Number(process.env.BENCH_PORT ?? 5700);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-start-bench-'));
let current = null;

/** RSS in MiB of one process, from /proc (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return +(Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024).toFixed(1);
}

/** Every process below `pid` (npm -> sh -> node), from /proc's children lists. */
function descendants(pid) {
  const out = [];
  const walk = (p) => {
    for (const task of readdirSync(`/proc/${p}/task`)) {
      let children = '';
      try {
        children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

function serverPid(npmPid) {
  for (const pid of descendants(npmPid)) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      // node itself, not the `sh -c` npm runs it through
      if (path.basename(argv[0]) === 'node' && argv.includes('server/dist/main.js')) return pid;
    } catch {
      /* gone */
    }
  }
  return null;
}

/** `npm start` in its own process group; resolves with the time until /readyz says 200. */
async function start() {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true, // its own process group, so stopping it stops npm, sh and the server together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  current = child;
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  while (performance.now() - t0 < 300_000) {
    if (exited) throw new Error(`npm start exited (${JSON.stringify(exited)}):\n${output.slice(-3000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/readyz`);
      if (res.status === 200) return { child, seconds: (performance.now() - t0) / 1000, output };
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error('not ready after 300 s');
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 20_000);
  await gone;
  clearTimeout(timer);
  // npm exits first; wait for the server's port to close too.
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${PORT}/readyz`);
      await sleep(50);
    } catch {
      return;
    }
  }
}

async function main() {
  console.log(
    `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
  );
  // A change to the sources, as after an edit or a pull: the first start must build.
  const now = new Date();
  for (const part of ['server', 'client']) {
    const stamp = path.join(repoRoot, part, 'dist', '.build-stamp');
    if (existsSync(stamp)) rmSync(stamp);
  }

  /** RSS once ready and after idling, of the server below `child`. */
  async function memory(child, name) {
    const pid = serverPid(child.pid);
    if (!pid) throw new Error('server process not found');
    await sleep(1000);
    const ready = rssMiB(pid);
    console.error(`  ${name}: RSS once ready ${ready} MiB; idling ${IDLE_SECONDS} s...`);
    await sleep(IDLE_SECONDS * 1000);
    return { ready, idle: rssMiB(pid) };
  }

  const first = await start();
  console.error(`  first start: ${first.seconds.toFixed(1)} s`);
  const firstRss = await memory(first.child, 'first start');
  await stop(first.child);

  const second = await start();
  console.error(`  second start: ${second.seconds.toFixed(1)} s`);
  const secondRss = await memory(second.child, 'second start');
  await stop(second.child);
  current = null;

  const results = {
    date: now.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    mode: 'pglite',
    firstStartSeconds: +first.seconds.toFixed(2),
    secondStartSeconds: +second.seconds.toFixed(2),
    firstStartRssMiBOnceReady: firstRss.ready,
    firstStartRssMiBAfterIdle: firstRss.idle,
    rssMiBOnceReady: secondRss.ready,
    rssMiBAfterIdle: secondRss.idle,
    idleSeconds: IDLE_SECONDS,
    secondStartOutput: second.output
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('npm warn'))
      .slice(0, 30),
  };
  console.log('');
  console.log(`first npm start -> /readyz 200   ${results.firstStartSeconds.toFixed(1)} s`);
  console.log(`second npm start -> /readyz 200  ${results.secondStartSeconds.toFixed(1)} s`);
  console.log(`first start: RSS once ready     ${firstRss.ready} MiB`);
  console.log(`first start: RSS after ${IDLE_SECONDS} s idle ${firstRss.idle} MiB`);
  console.log(`second start: RSS once ready    ${secondRss.ready} MiB`);
  console.log(`second start: RSS after ${IDLE_SECONDS} s idle ${secondRss.idle} MiB`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `start${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(repoRoot, file)}`);
}

async function cleanup() {
  if (current) await stop(current).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanup().finally(() => process.exit(130)));
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.stack : error);
    await cleanup();
    process.exit(1);
  });
