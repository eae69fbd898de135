/**
 * The dashboard's answer to a filter change, as a member of staff sees it: at 100,000 orders, the
 * status filter is moved with the keyboard (a real, trusted key press on the focused select), and
 * timed from the key press until the new filter's rows are painted (the list changed and no longer
 * busy, every row of the chosen status or the empty list's message, then the next frame). Each
 * status is asked for the first time (the list's cache never answers): the page is opened afresh
 * for each round of six changes (Pending, Paid, Completed, Shipped, Cancelled, Refunded; the orders
 * are written with each status in turn, so every change paints a full page of rows). Also
 * reported, from the browser's own Event Timing entries: the interaction's INP duration (key press
 * to the next paint, what Chrome counts as INP), which does not wait for the server's answer; the
 * browser reports none under 16 ms, printed "<16". And where the time goes, from the list's request
 * in the browser's Resource Timing: key press to the request leaving, the request, and its answer
 * to the painted rows (medians).
 *
 * Run on the built shop (npm run build), at 1280 x 900, CPU as it is and 4x slower:
 *   node bench/dashboard-interaction.bench.mjs                      (embedded PGlite)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/x node bench/dashboard-interaction.bench.mjs
 *     (a throw-away database bench_<random> on that server, dropped at the end)
 * Env:  BENCH_ROWS (100000), BENCH_ROUNDS (3) page loads a CPU rate, BENCH_CPU (1,4),
 *       BENCH_JS_FLAGS (none: V8's flags for the browser, to see what its compilers cost, e.g.
 *       "--no-maglev --no-turbofan"; a diagnosis only, not the page as visitors' browsers run it),
 *       BENCH_LATENCY_MS (0: the server on this machine; e.g. 100 for a round trip over a real
 *       network, added by the browser to each request), BENCH_LABEL, CHROMIUM_PATH (/usr/bin/chromium).
 * Out:  a table on stdout and bench/results/dashboard-interaction-<pglite|postgres>[-<label>].json
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './support/admin-query.mjs';
import { openDashboard, signedInTab, STATUSES } from './support/dashboard-page.mjs';
import { seedShop } from './support/order-seed.mjs';
import { benchShopEnv, startServer, stopServer } from './support/server.mjs';
import { signIn } from './support/shop-api.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { roundedPercentile as pct } from './support/timing.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CPU_RATES = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS || 0);
if (!Number.isFinite(LATENCY_MS) || LATENCY_MS < 0)
  throw new Error(`BENCH_LATENCY_MS is not a number of ms: ${process.env.BENCH_LATENCY_MS}`);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const MODE = DATABASE_URL ? 'postgres' : 'pglite';
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const JS_FLAGS = process.env.BENCH_JS_FLAGS || '';
const GOAL_MS = 100;
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
/** Every status has a sixth of the orders: each change paints a full page of rows. */
const SEED = { vacuum: true, statuses: STATUSES };

/**
 * Put in the page once it shows its rows: `__armed()` answers a promise of the next key press's
 * timings, { status, paintedMs, inpMs }.
 */
function installProbe() {
  /* global document, requestAnimationFrame, MutationObserver, window */
  const events = [];
  new PerformanceObserver((list) => events.push(...list.getEntries())).observe({
    type: 'event',
    durationThreshold: 16,
    buffered: false,
  });
  window.__armed = () =>
    new Promise((resolve) => {
      const select = document.getElementById('order-status-filter');
      document.addEventListener(
        'keydown',
        (keydown) => {
          const t0 = keydown.timeStamp;
          // The list must have changed since the key press: what it shows after that is the new
          // filter's answer, never the old one (whose rows, of another status, fail the check
          // below anyway). Its loading state need not have shown: an answer that arrives while the
          // change is still being rendered replaces the rows at once.
          let changed = false;
          const settled = (records) => {
            const status = select.value;
            const list = document.querySelector('.admin-dashboard__list');
            if (list && records.some((record) => list.contains(record.target))) changed = true;
            if (!changed || !status || !list || list.getAttribute('aria-busy') !== 'false') return false;
            const badges = [...list.querySelectorAll('.status-badge')].map((badge) => badge.textContent);
            if (badges.length === 0) return /No orders found/.test(list.textContent ?? '');
            return badges.every((text) => text === status);
          };
          const finish = () => {
            observer.disconnect();
            // The frame that shows the rows: after its paint.
            requestAnimationFrame(() =>
              setTimeout(() => {
                const paintedMs = performance.now() - t0;
                // The list's request: the first to /graphql after the key press.
                const request = performance
                  .getEntriesByType('resource')
                  .find((entry) => entry.name.includes('/graphql') && entry.startTime >= t0);
                // Event Timing entries arrive a little after their frame.
                setTimeout(() => {
                  const ours = events.filter((entry) => entry.interactionId && entry.startTime >= t0 - 1);
                  // The browser reports only interactions of 16 ms or more: none means under 16.
                  const inpMs = ours.length ? Math.max(...ours.map((entry) => entry.duration)) : 0;
                  resolve({
                    status: select.value,
                    paintedMs,
                    inpMs,
                    // Key press to the request leaving, the request, its answer to the painted rows.
                    beforeMs: request ? request.startTime - t0 : null,
                    requestMs: request ? request.responseEnd - request.startTime : null,
                    afterMs: request ? t0 + paintedMs - request.responseEnd : null,
                  });
                }, 100);
              }),
            );
          };
          const observer = new MutationObserver((records) => settled(records) && finish());
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
          // A key that changed nothing the list shows would wait for ever: the caller's timeout says so.
        },
        { once: true, capture: true },
      );
    });
}

async function round(browser, base, cookie, cpu) {
  const { context, page } = await signedInTab(browser, base, cookie);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (LATENCY_MS > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  try {
    await openDashboard(page, base);
    await page.evaluate(installProbe);
    const samples = [];
    for (const expected of STATUSES) {
      // The key goes to the select: focused again each time, should anything have taken it.
      await page.locator('#order-status-filter').focus();
      const timings = page.evaluate(() => window.__armed());
      // The probe's listener is in place once evaluate has run: press after it.
      await page.evaluate(() => undefined);
      await page.keyboard.press('ArrowDown');
      let timer;
      const result = await Promise.race([
        timings,
        new Promise((_, reject) => {
          timer = setTimeout(async () => {
            const seen = await page.evaluate(
              () => `filter ${document.getElementById('order-status-filter')?.value}, focus on ${document.activeElement?.id}`,
            );
            reject(new Error(`no rows for ${expected} within 30 s (${seen})`));
          }, 30_000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (result.status !== expected) throw new Error(`the filter moved to ${result.status}, not ${expected}`);
      samples.push(result);
    }
    return samples;
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-interaction-'));
  const benchDb = MODE === 'postgres' ? await createBenchDatabase(DATABASE_URL) : null;
  const env = benchShopEnv(dataDir, {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(benchDb ? { DATABASE_URL: benchDb.url } : {}),
  });
  const out = {
    date: new Date().toISOString(),
    mode: MODE,
    rows: ROWS,
    rounds: ROUNDS,
    latencyMs: LATENCY_MS,
    jsFlags: JS_FLAGS || null,
    goalMs: GOAL_MS,
    cpu: {},
  };
  let browser;
  try {
    // The shop's first start makes its tables; the orders are written (as one bulk write, then
    // VACUUM ANALYZE: the steady state, not the minutes after) while it is stopped.
    await startServer(env);
    await stopServer();
    await seedShop({ databaseUrl: benchDb?.url, dataDir }, ROWS, SEED);
    const base = await startServer(env);
    const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: JS_FLAGS ? [`--js-flags=${JS_FLAGS}`] : [] });
    await round(browser, base, cookie, 1); // warm-up: the server's first answers of each filter
    for (const cpu of CPU_RATES) {
      const samples = [];
      for (let i = 0; i < ROUNDS; i++) samples.push(...(await round(browser, base, cookie, cpu)));
      const painted = samples.map((s) => s.paintedMs);
      const inp = samples.map((s) => s.inpMs);
      out.cpu[`${cpu}x`] = {
        samples: samples.length,
        paintedMs: { p50: pct(painted, 50), p75: pct(painted, 75), max: pct(painted, 100) },
        // 0: under 16 ms (not reported by the browser).
        inpMs: { p50: pct(inp, 50), p75: pct(inp, 75), max: pct(inp, 100), under16: inp.filter((v) => v === 0).length },
        // Where the time goes (medians): key press to the request leaving, the request, its answer
        // to the painted rows. Changes whose request was not seen are left out.
        breakdownMs: Object.fromEntries(
          ['beforeMs', 'requestMs', 'afterMs'].map((part) => {
            const values = samples.map((s) => s[part]).filter((v) => v !== null);
            return [part.replace('Ms', ''), values.length ? pct(values, 50) : null];
          }),
        ),
        byStatus: Object.fromEntries(
          STATUSES.map((status) => [
            status,
            pct(
              samples.filter((s) => s.status === status).map((s) => s.paintedMs),
              50,
            ),
          ]),
        ),
        // Every change as it came, round after round: which of a page's changes are the slow ones.
        changes: samples.map((s) => ({
          status: s.status,
          paintedMs: Math.round(s.paintedMs),
          inpMs: Math.round(s.inpMs),
          beforeMs: s.beforeMs === null ? null : Math.round(s.beforeMs),
          requestMs: s.requestMs === null ? null : Math.round(s.requestMs),
          afterMs: s.afterMs === null ? null : Math.round(s.afterMs),
        })),
      };
    }
  } finally {
    await browser?.close();
    await stopServer();
    await benchDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const network = `${LATENCY_MS > 0 ? `, ${LATENCY_MS} ms added to each request` : ''}${JS_FLAGS ? `, browser V8 flags ${JS_FLAGS}` : ''}`;
  console.log(
    `\n${MODE}, ${ROWS} orders${network}; filter change to painted rows, ${ROUNDS} x ${STATUSES.length} changes a CPU rate`,
  );
  console.log(
    'cpu   painted p50 / p75 / max      INP (Event Timing) p50 / p75 / max   goal            before / request / after (p50)',
  );
  for (const [cpu, r] of Object.entries(out.cpu)) {
    const ms = (value) => (value === 0 ? '<16' : String(value));
    const inp = `${ms(r.inpMs.p50)} / ${ms(r.inpMs.p75)} / ${ms(r.inpMs.max)} ms`;
    const verdict = r.paintedMs.p75 <= GOAL_MS ? 'met' : 'missed';
    console.log(
      `${cpu.padEnd(5)} ${`${r.paintedMs.p50} / ${r.paintedMs.p75} / ${r.paintedMs.max} ms`.padEnd(28)} ${inp.padEnd(36)} ${`${GOAL_MS} ms (p75): ${verdict}`.padEnd(22)} ${r.breakdownMs.before} / ${r.breakdownMs.request} / ${r.breakdownMs.after} ms`,
    );
  }
  writeResult(`dashboard-interaction-${MODE}${LABEL}`, out);
}

runBench(main);
