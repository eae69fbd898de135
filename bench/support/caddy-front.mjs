/**
 * Caddy for the storefront benchmarks, with either or both of these sites on its HTTPS port:
 *
 * - in front of the shop, as docker-compose.yml runs it in production (the repo's Caddyfile:
 *   `reverse_proxy` to the shop, TLS, HTTP/2 and HTTP/3), so that a browser meets the shop over the
 *   protocol parents' browsers do: many requests at once on one connection, where plain HTTP/1.1 to
 *   the shop itself queues them six connections at a time;
 * - as Stripe's two hosts, js.stripe.com and api.stripe.com, answered by the tests' fake Stripe
 *   (test/support/fake-stripe.ts): Stripe.js's address (https://js.stripe.com/<release>/stripe.js,
 *   as @stripe/stripe-js asks for it) gives the fake's stand-in for Stripe.js, and the API's
 *   requests go to the fake. The browser is pointed at this port for both names
 *   (`stripeHostRules`; stripe-stand-in.mjs).
 *
 * The certificates are Caddy's own local CA's (`tls internal`), not trusted: the browser is started
 * with `--ignore-certificate-errors`. Needs Caddy (Debian's package `caddy`, or CADDY_PATH).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { sleep, stopChild } from './server.mjs';

const CADDY = process.env.CADDY_PATH || 'caddy';
const STRIPE_HOSTS = ['js.stripe.com', 'api.stripe.com'];

/** Whether `host`'s `pathname` answers 200 over TLS on 127.0.0.1:`port`, ignoring who signed the certificate. */
function answers(port, host, pathname) {
  return new Promise((resolve) => {
    const request = https.get(
      { host: '127.0.0.1', port, servername: host, headers: { host }, path: pathname, rejectUnauthorized: false, timeout: 2000 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/** Chromium's `--host-resolver-rules` value that sends Stripe's hosts to Caddy's port. */
export function stripeHostRules(httpsPort) {
  return STRIPE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${httpsPort}`).join(',');
}

/**
 * Starts Caddy on `httpsPort` (and `httpPort` for plain HTTP, unused) with a site for each of
 * `shopBase` (in front of the shop, as `https://localhost:<httpsPort>`) and `stripeBase` (the fake
 * Stripe, as Stripe's hosts), either may be null, and resolves once every site answers with
 * `{ base, stop }`: `base` is the shop's address through Caddy, or null without one.
 */
export async function startCaddy({ shopBase = null, stripeBase = null, httpsPort, httpPort }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-caddy-'));
  const caddyfile = path.join(dir, 'Caddyfile');
  if (!shopBase && !stripeBase) throw new Error('startCaddy: no site to serve');
  const sites = [];
  const checks = [];
  if (shopBase) {
    sites.push(`localhost:${httpsPort} {\n\ttls internal\n\treverse_proxy ${new URL(shopBase).host}\n}`);
    checks.push(['localhost', '/readyz']);
  }
  if (stripeBase) {
    const fake = new URL(stripeBase).host;
    sites.push(
      `js.stripe.com {\n\ttls internal\n\t@stripeJs path_regexp ^/[a-z0-9]+/stripe\\.js$\n\trewrite @stripeJs /stripe.js\n\treverse_proxy ${fake}\n}`,
      `api.stripe.com {\n\ttls internal\n\treverse_proxy ${fake}\n}`,
    );
    // Any release's address gives the stand-in.
    checks.push(['js.stripe.com', '/v3/stripe.js']);
  }
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
${sites.join('\n')}
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
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (failed) {
      await stop();
      throw new Error(`Caddy did not start (${CADDY}; Debian's package is "caddy"): ${failed.message}`);
    }
    const ready = await Promise.all(checks.map(([host, pathname]) => answers(httpsPort, host, pathname)));
    if (ready.every(Boolean)) return { base: shopBase ? `https://localhost:${httpsPort}` : null, stop };
    await sleep(200);
  }
  await stop();
  throw new Error(`Caddy did not answer on port ${httpsPort} within 30 s: ${log}`);
}
