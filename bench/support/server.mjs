/**
 * The real server (server/dist/main.js) as a child process for the benchmarks: started on a free
 * loopback port, ready once /readyz answers, stopped with SIGTERM as in production.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** BENCH_SERVER_MAIN runs another build (a copy of an older one, say, to compare). */
export const serverMain = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(repoRoot, 'server', 'dist', 'main.js');

let current = null;

/**
 * What a benchmark's shop runs with: loopback, `dataDir` for its files and embedded database,
 * warnings only, fresh secrets, and `extra` on top.
 */
export function benchShopEnv(dataDir, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The running server's child process, or null. */
export function runningServer() {
  return current;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` (plus PORT: `env.PORT` when given, else a free one) and resolves
 * with its base URL once ready. Its log is shown on stderr, one short line an entry, or with
 * `logTo` (a writable stream) written there as it comes, as a log collector would take it.
 */
export async function startServer(env, { logTo } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // BENCH_NODE_ARGS: flags for the shop's node (V8's among them, which NODE_OPTIONS refuses), to compare.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: repoRoot,
    // ENV_FILE=none: a developer's .env never changes what is measured.
    env: { ENV_FILE: 'none', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current = child;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (current === child) console.error(`  server exited unexpectedly (code ${code}, signal ${signal})`);
      resolve({ code, signal });
    }),
  );
  child.exitPromise = exited;
  const forward = (stream) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        let shown = line;
        try {
          const entry = JSON.parse(line); // the server logs JSON lines; keep them to one short line
          shown = `${entry.level} ${entry.msg}${entry.error?.message ? `: ${entry.error.message}` : ''}`;
        } catch {
          /* not JSON */
        }
        process.stderr.write(`  [server] ${shown}\n`);
      }
    });
  if (logTo) {
    child.stdout.pipe(logTo, { end: false });
    child.stderr.pipe(logTo, { end: false });
  } else {
    forward(child.stdout);
    forward(child.stderr);
  }

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // a busy shared machine can take a while
  let early = null;
  exited.then((info) => {
    early = info;
  });
  while (Date.now() < deadline) {
    if (early) throw new Error(`server exited during start-up (${JSON.stringify(early)})`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.status === 200) return base;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error('server not ready after 180 s');
}

export async function stopServer() {
  const child = current;
  if (!child) return;
  current = null;
  await stopChild(child);
}

/** Stops a server `startServer` started (the running one, or one started before it) as production is: SIGTERM. */
export async function stopChild(child) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const { code, signal } = await child.exitPromise;
    clearTimeout(timer);
    if (code !== 0) console.error(`  server exited with ${code ?? signal} (not a clean shutdown)`);
  } else if (child.exitCode !== 0) {
    console.error(`  server had already exited with ${child.exitCode ?? child.signalCode}`);
  }
}

/** Runs each clean-up step whatever the one before did (threw, or rejected), and says which failed. */
export async function eachStep(steps) {
  for (const step of steps) {
    await Promise.resolve()
      .then(step)
      .catch((error) => console.error(`  clean-up: ${error.message}`));
  }
}
