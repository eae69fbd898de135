/**
 * Storefront benchmark: Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the
 * built shop served by the real server (server/dist), three runs per page, medians reported.
 *
 * Besides public paths, three private pages, each in the state a visitor finds it in:
 *   /payment         the checkout of a digital order just created (in the sandbox, or through
 *                    Stripe with BENCH_STRIPE=1), its checkout token in the tab's sessionStorage
 *                    as the order form leaves it;
 *   /order/{token}   the parent's page of a delivered digital order (video and PDF);
 *   /admin           the dashboard, signed in (the session cookie sent with every request).
 * Every run starts with an empty HTTP cache.
 *
 * Run:  npm run bench:web          (builds first, then serves on a free port, or BENCH_PORT)
 * Env:  BENCH_RUNS (3) runs per page, BENCH_PAGES (/,/create,/faq) comma-separated paths or
 *       private pages (e.g. BENCH_PAGES=/payment,/order/{token},/admin),
 *       BENCH_PORT (a free one), BENCH_LABEL (a name for the results file, e.g. "before"),
 *       CHROME_PATH (/usr/bin/chromium), BENCH_SAVE_REPORTS (a folder for every run's whole report),
 *       BENCH_THROTTLING (simulate: Lighthouse's default, which estimates slow 4G and the slow CPU
 *       from one fast load; devtools: the browser itself is slowed, and the figures are as seen),
 *       BENCH_STRIPE (1: the shop takes cards through Stripe, with a fake key; Stripe's API is played
 *       by test/support/fake-stripe.ts, which needs a Node.js that runs TypeScript, 22.18 or later),
 *       BENCH_STRIPE_JS (with BENCH_STRIPE=1, where Stripe.js comes from: stand-in, the default, has
 *       Caddy answer as js.stripe.com and api.stripe.com with the fake's stand-in for Stripe.js and
 *       its API (bench/support/stripe-stand-in.mjs), so the page asks another host for Stripe.js as
 *       on the internet, and the figures leave out Stripe's own code; the connection to that host
 *       costs nothing here, and only Lighthouse's simulation counts the handshakes of a new one;
 *       internet asks js.stripe.com itself: without the internet it fails to load, and the figures
 *       are the page's own with the notice it then shows),
 *       BENCH_CPU_SLOWDOWN (4, Lighthouse's: how much slower than this machine the phone is taken
 *       to be; see below),
 *       BENCH_FRONT (none: the browser asks the shop itself, over plain HTTP/1.1; caddy: through
 *       Caddy, as docker-compose.yml runs the shop, over TLS and HTTP/2, with PUBLIC_URL and
 *       TRUST_PROXY set as there; bench/support/caddy-front.mjs, which needs Debian's caddy).
 * Out:  a table on stdout and bench/results/web-<label>.json (label defaults to "latest")
 *
 * The slow CPU is this machine's slowed 4x, so the figures follow the machine. Lighthouse puts a
 * score on each run for the machine's speed (`benchmarkIndex`), and reports it here: its 4x is set
 * for a high-end desktop (1500-2000), and below 1000 Lighthouse warns that the host is slower than
 * it expects. Its throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") suggests a
 * lower multiplier on a slower host, 2x (1-5) from a low-end desktop (1000-1500) to a mid-tier phone:
 * figures from machines of different speeds compare only with BENCH_CPU_SLOWDOWN set so.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { startCaddy } from './support/caddy-front.mjs';
import { machineLine } from './support/results.mjs';
import { benchShopEnv, eachStep, freePort, startServer, stopServer } from './support/server.mjs';
import { signIn } from './support/shop-api.mjs';
import { startStripeStandIn } from './support/stripe-stand-in.mjs';
import { createOrderWithPhoto, DIGITAL_ORDER, deliveredDigitalOrder } from './support/shop-fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? '/,/create,/faq')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const LABEL = process.env.BENCH_LABEL || 'latest';
const THROTTLING = process.env.BENCH_THROTTLING || 'simulate';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN || 4);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * Over HTTP/1.1 a browser opens at most six connections to a host and queues the rest, each
 * request then paying a round trip of its own (562 ms under Lighthouse's slow 4G): a page of
 * twenty scripts waits for four such waves. Parents reach the shop through Caddy over HTTP/2,
 * which asks for them all at once on one connection.
 */
const FRONT = process.env.BENCH_FRONT || 'none';
if (!['none', 'caddy'].includes(FRONT)) throw new Error(`BENCH_FRONT: none or caddy, not ${FRONT}`);
/** A folder for each run's whole Lighthouse report (its audits, requests and long tasks), if given. */
const SAVE_REPORTS = process.env.BENCH_SAVE_REPORTS;
const STRIPE = process.env.BENCH_STRIPE === '1';
const STRIPE_JS = process.env.BENCH_STRIPE_JS || 'stand-in';
if (!['stand-in', 'internet'].includes(STRIPE_JS)) throw new Error(`BENCH_STRIPE_JS: stand-in or internet, not ${STRIPE_JS}`);
const STRIPE_STAND_IN = STRIPE && STRIPE_JS === 'stand-in';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
const PRIVATE_PAGES = ['/payment', '/order/{token}', '/admin'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse run that the table shows. */
function figures(lhr) {
  const shopHost = new URL(lhr.requestedUrl).hostname;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  // When the page asked for Stripe.js and had it, in ms after the page's own request (as this load
  // went: Lighthouse's simulation estimates the page's metrics, not each request's times), and how
  // many times: more than once, a hint to fetch it ahead did not match the form's own request.
  const stripeJsRequests = requests.filter((r) => /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/.test(r.url));
  const stripeJs = stripeJsRequests[0];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    // How soon the page looks done: on the payment page, when the card form is drawn counts too.
    speedIndexMs: Math.round(audit('speed-index')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    ...(stripeJs
      ? {
          stripeJsRequestMs: Math.round(stripeJs.networkRequestTime),
          stripeJsEndMs: Math.round(stripeJs.networkEndTime),
          stripeJsRequests: stripeJsRequests.length,
        }
      : {}),
    // Requests to anyone but the shop (a payment provider's script, say), and how each ended.
    elsewhere: requests
      .map((r) => ({ url: new URL(r.url), status: r.statusCode > 0 ? r.statusCode : 'failed' }))
      .filter(({ url }) => url.protocol !== 'data:' && url.hostname !== shopHost)
      .map(({ url, status }) => `${url.host}${url.pathname} ${status}`),
    failedAudits: Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs)
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id),
  };
}

/**
 * How Lighthouse visits each private page asked for in BENCH_PAGES: its order made, its admin
 * signed in, its tab's storage set, all before the first run. `base` is the shop's own address,
 * for the set-up; `pagesBase` the one the browser opens (Caddy's, with BENCH_FRONT=caddy).
 */
async function privateVisits(base, pagesBase, port) {
  const wanted = PAGES.filter((page) => PRIVATE_PAGES.includes(page));
  if (wanted.length === 0) return {};
  const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const visits = {};
  if (wanted.includes('/admin')) {
    visits['/admin'] = (flags) => lighthouse(`${pagesBase}/admin`, { ...flags, extraHeaders: { Cookie: cookie } });
  }
  if (wanted.includes('/order/{token}')) {
    const token = await deliveredDigitalOrder(base, cookie);
    visits['/order/{token}'] = (flags) => lighthouse(`${pagesBase}/order/${token}`, flags);
  }
  if (wanted.includes('/payment')) {
    const { orderId, checkoutToken } = await createOrderWithPhoto(base, DIGITAL_ORDER);
    visits['/payment'] = async (flags) => {
      // The checkout token lives in the tab (sessionStorage), so Lighthouse drives a tab of ours,
      // set as the order form leaves it; storage is kept, and the HTTP cache emptied by hand.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
      const tab = await browser.newPage();
      try {
        await tab.goto(`${pagesBase}/healthz`);
        await tab.evaluate(
          (id, token) => {
            sessionStorage.setItem('paymentOrderId', id);
            sessionStorage.setItem('checkoutToken', token);
          },
          orderId,
          checkoutToken,
        );
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        const url = `${pagesBase}/payment?orderId=${orderId}&amount=25&format=digital`;
        return await lighthouse(url, { ...flags, disableStorageReset: true }, undefined, tab);
      } finally {
        await tab.close();
        await browser.disconnect();
      }
    };
  }
  return visits;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-web-'));
  console.log(machineLine());
  console.log(
    `Lighthouse mobile preset (${THROTTLING}, CPU ${CPU_SLOWDOWN}x slower), ${RUNS} runs per page, medians; Chromium ${CHROME_PATH}`,
  );
  console.log(
    FRONT === 'caddy' ? 'In front: Caddy (TLS, HTTP/2), as docker-compose.yml runs the shop' : 'In front: nothing (HTTP/1.1)',
  );

  let chrome;
  let front = null;
  let stripe = null;
  const results = {};
  try {
    stripe = STRIPE ? await startStripeStandIn({ browserSide: STRIPE_STAND_IN }) : null;
    if (stripe) {
      const from = STRIPE_STAND_IN ? "the fake's stand-in, as js.stripe.com through Caddy" : 'js.stripe.com itself';
      console.log(`Payments: Stripe, a fake key (its API at ${stripe.url}); Stripe.js: ${from}`);
    } else {
      console.log('Payments: the sandbox');
    }
    const frontPorts = FRONT === 'caddy' ? { httpsPort: await freePort(), httpPort: await freePort() } : null;
    const env = benchShopEnv(dataDir, {
      ENV_FILE: 'none',
      // As docker-compose.yml sets them behind Caddy.
      ...(frontPorts ? { PUBLIC_URL: `https://localhost:${frontPorts.httpsPort}`, TRUST_PROXY: '1' } : {}),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
      ...stripe?.shopEnv,
    });
    const base = await startServer(env);
    front = frontPorts ? await startCaddy({ shopBase: base, ...frontPorts }) : null;
    const pagesBase = front?.base ?? base;
    const chromeFlags = [
      '--headless=new',
      '--no-sandbox',
      // Caddy's certificates come from its own local CA, which this browser does not know.
      ...(front ? ['--ignore-certificate-errors'] : []),
      ...(stripe?.browserArgs ?? []),
    ];
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags });
    const visit = await privateVisits(base, pagesBase, chrome.port);
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
          throttlingMethod: THROTTLING,
          throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
        };
        const run = () => (visit[page] ? visit[page](flags) : lighthouse(`${pagesBase}${page}`, flags));
        let result = await run();
        // Now and then Chromium's trace of a load misses its start; Lighthouse's answer is to run again.
        if (result.lhr.runtimeError?.code === 'NO_NAVSTART') {
          console.error(`  ${page} run ${i + 1}: ${result.lhr.runtimeError.code}, run again`);
          result = await run();
        }
        if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
        runs.push({ ...figures(result.lhr), benchmarkIndex: result.lhr.environment.benchmarkIndex });
        if (SAVE_REPORTS) {
          mkdirSync(SAVE_REPORTS, { recursive: true });
          writeFileSync(path.join(SAVE_REPORTS, `${page.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        console.error(`  ${page} run ${i + 1}: performance ${runs.at(-1).performance}`);
      }
      const numeric = Object.keys(runs[0]).filter((k) => typeof runs[0][k] === 'number');
      const med = Object.fromEntries(numeric.map((k) => [k, median(runs.map((r) => r[k]))]));
      med.failedAudits = [...new Set(runs.flatMap((r) => r.failedAudits))];
      results[page] = { median: med, runs };
    }
  } finally {
    // No shop, Caddy or fake left running.
    await eachStep([() => chrome?.kill(), () => front?.stop(), stopServer, () => stripe?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const header = [
    'page',
    'perf',
    'a11y',
    'SEO',
    'best-pr.',
    'FCP',
    'LCP',
    'SI',
    'CLS',
    'TBT',
    'JS transferred',
    'JS raw',
    'CPU index',
  ];
  const rows = Object.entries(results).map(([page, { median: m }]) => [
    page,
    m.performance,
    m.accessibility,
    m.seo,
    m.bestPractices,
    `${(m.fcpMs / 1000).toFixed(2)} s`,
    `${(m.lcpMs / 1000).toFixed(2)} s`,
    `${(m.speedIndexMs / 1000).toFixed(2)} s`,
    m.cls.toFixed(3),
    `${m.tbtMs} ms`,
    kb(m.jsTransferBytes),
    kb(m.jsResourceBytes),
    Math.round(m.benchmarkIndex),
  ]);
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const [page, { median: m }] of Object.entries(results)) {
    if (m.failedAudits.length)
      console.log(`  ${page}: audits not passed (accessibility, SEO, best practices): ${m.failedAudits.join(', ')}`);
  }
  for (const [page, { median: m, runs }] of Object.entries(results)) {
    const elsewhere = [...new Set(runs.flatMap((r) => r.elsewhere))];
    if (elsewhere.length) console.log(`  ${page}: requests to others: ${elsewhere.join(', ')}`);
    if (m.stripeJsRequestMs !== undefined)
      console.log(
        `  ${page}: Stripe.js asked for at ${m.stripeJsRequestMs} ms, received at ${m.stripeJsEndMs} ms (after the page's request, as loaded)`,
      );
    const twice = runs.filter((r) => r.stripeJsRequests > 1).length;
    if (twice) console.log(`  ${page}: Stripe.js fetched more than once in ${twice} of ${runs.length} runs`);
  }

  mkdirSync(path.join(here, 'results'), { recursive: true });
  const out = path.join(here, 'results', `web-${LABEL}.json`);
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), runsPerPage: RUNS, preset: 'mobile', throttling: THROTTLING, cpuSlowdown: CPU_SLOWDOWN, front: FRONT, payments: STRIPE ? 'stripe' : 'sandbox', ...(STRIPE ? { stripeJs: STRIPE_JS } : {}), results }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
