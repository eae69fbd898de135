/**
 * The real server (server/dist/main.js) as a child process for the benchmarks: started on a free
 * loopback port, ready once /readyz answers, stopped with SIGTERM as in production.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverMain = path.join(repoRoot, 'server', 'dist', 'main.js');

let current = null;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The running server's child process, or null. */
export function runningServer() {
  return current;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server with `env` (plus a free PORT) and resolves with its base URL once ready. */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port) },
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
  forward(child.stdout);
  forward(child.stderr);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
  throw new Error('server not ready after 60 s');
}

export async function stopServer() {
  const child = current;
  if (!child) return;
  current = null;
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
