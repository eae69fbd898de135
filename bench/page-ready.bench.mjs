/**
 * The pages the browser renders, timed in a real browser as a phone sees them: how long after
 * the address is opened the page's own content is on screen, not its spinner. Lighthouse
 * (bench/web.bench.mjs) simulates the network and CPU from one fast load, and what a page waits
 * on inside the browser (a timer, content held back behind a spinner) is lost there;
 * here Chromium itself throttles the network and slows the CPU 4x, so every wait counts.
 *
 *   /order/{token}   a delivered digital order: its heading ("Mia's story is ready");
 *   /payment         a digital order's checkout, its token in sessionStorage as the order form
 *                    leaves it: the Pay button, enabled (the card form ready to pay); in the sandbox,
 *                    or with BENCH_STRIPE=1 through Stripe (bench/support/stripe-stand-in.mjs: the
 *                    fake of its API, and its stand-in for Stripe.js from js.stripe.com's own name,
 *                    its request throttled as the rest);
 *   /admin/dashboard signed in: the orders table with the child's name in it.
 * And the prerendered public pages, whose content is in their HTML: there the time to their first
 * contentful paint, and to the page working (hydrated: `html[data-hydrated]`, the order form enabled).
 *
 * Each visit is a fresh context (cold cache) at 390 x 844, 3x pixels, touch. Each page's check
 * runs in the page at every frame, timed there from the navigation's start.
 * Networks (Chrome's request-level throttling: each request is delayed, a new connection's
 * handshakes are not): "4g" 9 Mbps down, 1.5 Mbps up, 150 ms round trip; "slow-4g" Lighthouse's
 * mobile 1.6 Mbps down, 750 kbps up, 150 ms.
 *
 * Run:  npm run bench:ready      (builds first; serves the built shop on embedded PGlite)
 * Env:  BENCH_RUNS (5) visits a page and network, BENCH_NETWORKS (4g,slow-4g), BENCH_CPU (4),
 *       BENCH_STRIPE (1: the shop takes cards through Stripe, as above),
 *       BENCH_PAGES (all of them, or /payment with BENCH_STRIPE=1; comma-separated names as above,
 *       e.g. "/,/create,/faq"),
 *       BENCH_LABEL (a name for the results file), CHROMIUM_PATH (/usr/bin/chromium).
 * Out:  a table on stdout and bench/results/page-ready-<label>.json
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './support/results.mjs';
import { benchShopEnv, eachStep, startServer, stopServer } from './support/server.mjs';
import { signIn } from './support/shop-api.mjs';
import { startStripeStandIn } from './support/stripe-stand-in.mjs';
import { timeInPage } from './support/timing.mjs';
import { createOrderWithPhoto, DIGITAL_ORDER, deliveredDigitalOrder } from './support/shop-fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LABEL = process.env.BENCH_LABEL || 'latest';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;

const ALL_NETWORKS = {
  '4g': { latency: 150, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9 },
  'slow-4g': { latency: 150, downloadThroughput: (1_600_000 / 8) * 0.9, uploadThroughput: (750_000 / 8) * 0.9 },
};
const NETWORKS = (process.env.BENCH_NETWORKS ?? '4g,slow-4g').split(',').map((name) => name.trim());
const STRIPE = process.env.BENCH_STRIPE === '1';
// With Stripe, the payment page; the delivered order's page needs an order paid in the sandbox.
const PAGES = process.env.BENCH_PAGES?.split(',').map((name) => name.trim()) ?? (STRIPE ? ['/payment'] : undefined);
const wanted = (name) => !PAGES || PAGES.includes(name);
if (STRIPE && wanted('/order/{token}')) throw new Error('BENCH_STRIPE=1: /order/{token} needs an order paid in the sandbox');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The pages, each with what must be in its tab before the visit and what says it has arrived:
 * `ready` is sent to the page and run there (as a function: the page's CSP refuses a string to
 * evaluate), so it uses nothing from outside its body. Once the page's content is on screen (for a
 * prerendered page, once it has hydrated) it answers the time since the navigation's start.
 */
/* global document */
async function pages(base) {
  const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const token = wanted('/order/{token}') ? await deliveredDigitalOrder(base, cookie) : null;
  const { orderId, checkoutToken } = await createOrderWithPhoto(base, DIGITAL_ORDER);
  const cookies = cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: base };
  });
  return {
    ...(token && {
      '/order/{token}': {
        url: `${base}/order/${token}`,
        ready: () =>
          [...document.querySelectorAll('h1')].some(
            (heading) => heading.textContent.includes("Mia's story is ready") && heading.checkVisibility(),
          ) && performance.now(),
      },
    }),
    '/payment': {
      url: `${base}/payment?orderId=${orderId}&amount=25&format=digital`,
      // The tab as the order form leaves it: the checkout token in sessionStorage, set before any script runs.
      init: (context) =>
        context.addInitScript(
          ([id, secret]) => {
            sessionStorage.setItem('paymentOrderId', id);
            sessionStorage.setItem('checkoutToken', secret);
          },
          [orderId, checkoutToken],
        ),
      ready: () =>
        [...document.querySelectorAll('button')].some(
          (button) => /^Pay \$/.test(button.textContent.trim()) && !button.disabled && button.checkVisibility(),
        ) && performance.now(),
    },
    '/admin/dashboard': {
      url: `${base}/admin/dashboard`,
      init: (context) => context.addCookies(cookies),
      ready: () =>
        [...document.querySelectorAll('td')].some((cell) => cell.textContent.includes('Mia') && cell.checkVisibility()) &&
        performance.now(),
    },
    ...Object.fromEntries(
      ['/', '/create', '/faq'].map((pagePath) => [
        pagePath,
        {
          url: `${base}${pagePath}`,
          prerendered: true,
          ready: () => document.documentElement.hasAttribute('data-hydrated') && performance.now(),
        },
      ]),
    ),
  };
}

/**
 * One cold visit on a phone: milliseconds from opening the address to the content on screen (to
 * the page working, for a prerendered page), and to the first contentful paint.
 */
async function visit(browser, target, network) {
  const context = await browser.newContext({
    // Caddy's certificates for Stripe's hosts come from its own local CA.
    ignoreHTTPSErrors: STRIPE,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await target.init?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...ALL_NETWORKS[network] });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(target.url, { waitUntil: 'commit' });
    // Timed in the page from the navigation's start, as the first contentful paint is.
    const readyMs = await timeInPage(page, target.ready);
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    return { readyMs, fcpMs: fcpMs === null ? null : Math.round(fcpMs) };
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-ready-'));
  console.log(machineLine());
  console.log(`${RUNS} cold visits a page and network, phone screen, CPU ${CPU_SLOWDOWN}x slower`);
  console.log(STRIPE ? 'Payments: Stripe (its fake, and the stand-in for Stripe.js as js.stripe.com)' : 'Payments: the sandbox');
  let browser;
  let stripe = null;
  // How each page was timed: the results of stops 46-50 were timed with locators, which look again
  // only every 500 ms after their first tries.
  const results = {
    cpuSlowdown: CPU_SLOWDOWN,
    timing: 'in the page, every frame',
    payments: STRIPE ? 'stripe' : 'sandbox',
    runs: {},
  };
  try {
    stripe = STRIPE ? await startStripeStandIn() : null;
    const base = await startServer(benchShopEnv(dataDir, { ENV_FILE: 'none', ADMIN_EMAIL, ADMIN_PASSWORD, ...stripe?.shopEnv }));
    const targets = await pages(base);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: stripe?.browserArgs ?? [] });
    for (const [name, target] of Object.entries(targets)) {
      if (!wanted(name)) continue;
      for (const network of NETWORKS) {
        await visit(browser, target, network); // warm-up: the server's first answers
        const visits = [];
        for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, target, network));
        const runs = visits.map((v) => v.readyMs);
        const fcp = visits.map((v) => v.fcpMs);
        results.runs[`${name} ${network}`] = {
          page: name,
          network,
          ...(target.prerendered ? { measures: 'hydrated' } : {}),
          medianMs: median(runs),
          maxMs: Math.max(...runs),
          runs,
          fcpMedianMs: median(fcp),
          fcpRuns: fcp,
        };
        console.error(`  ${name} on ${network}: ${runs.join(', ')} ms (first contentful paint ${fcp.join(', ')} ms)`);
      }
    }
  } finally {
    // No shop, Caddy or fake left running.
    await eachStep([() => browser?.close(), stopServer, () => stripe?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('page               network   content shown, or hydrated* (median / max)   first contentful paint (median)');
  for (const r of Object.values(results.runs)) {
    const shown = `${r.medianMs} ms / ${r.maxMs} ms${r.measures ? '*' : ''}`;
    console.log(`${r.page.padEnd(18)} ${r.network.padEnd(9)} ${shown.padEnd(44)} ${r.fcpMedianMs} ms`);
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `page-ready-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), ...results }, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
