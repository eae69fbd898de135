/**
 * Caddy in front of a benchmark's shop, as docker-compose.yml runs it in production (the repo's
 * Caddyfile: `reverse_proxy` to the shop, TLS, HTTP/2 and HTTP/3), so that a browser meets the
 * shop over the protocol parents' browsers do: many requests at once on one connection, where
 * plain HTTP/1.1 to the shop itself queues them six connections at a time. The certificate is
 * Caddy's own local CA's for `localhost` (`tls internal`), not trusted: the browser is started
 * with `--ignore-certificate-errors`. Needs Caddy (Debian's package `caddy`, or CADDY_PATH).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { sleep, stopChild } from './server.mjs';

const CADDY = process.env.CADDY_PATH || 'caddy';

/** Whether `url` answers over TLS (any status), ignoring who signed its certificate. */
function answers(url) {
  return new Promise((resolve) => {
    const request = https.get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/**
 * Starts Caddy on `httpsPort` (and a free port for plain HTTP, unused) in front of `shopBase`, and
 * resolves once it answers with `{ base, stop }`: `base` is `https://localhost:<httpsPort>`.
 */
export async function startCaddyFront(shopBase, httpsPort, httpPort) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-caddy-'));
  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
\tadmin off
\tskip_install_trust
\tauto_https disable_redirects
\thttps_port ${httpsPort}
\thttp_port ${httpPort}
\tstorage file_system ${path.join(dir, 'data')}
}
localhost:${httpsPort} {
\ttls internal
\treverse_proxy ${new URL(shopBase).host}
}
`,
  );
  const child = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  let failed = null;
  child.once('error', (error) => (failed = error));
  // As server.mjs's children: stopChild waits on it, and kills after 20 s of a stalled shutdown.
  child.exitPromise = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      failed ??= new Error(`caddy exited (${code ?? signal}): ${log}`);
      resolve({ code, signal });
    }),
  );
  const stop = async () => {
    // A Caddy that never ran (not installed) has no exit to wait for.
    if (child.pid !== undefined) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `https://localhost:${httpsPort}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (failed) {
      await stop();
      throw new Error(`Caddy did not start (${CADDY}; Debian's package is "caddy"): ${failed.message}`);
    }
    if (await answers(`${base}/readyz`)) return { base, stop };
    await sleep(200);
  }
  await stop();
  throw new Error(`Caddy did not answer on ${base} within 30 s: ${log}`);
}
