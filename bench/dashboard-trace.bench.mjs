/**
 * Where the dashboard's main thread spends a filter change: the same change as
 * dashboard-interaction.bench.mjs (the status filter moved with the keyboard, timed from the key
 * press to the painted rows of the new status), with Chromium's performance trace recorded around
 * each change, and the renderer's main-thread events added up by kind: script (FunctionCall,
 * EventDispatch), style (UpdateLayoutTree), layout, paint and what follows it (PrePaint, Paint,
 * Layerize, Commit); work inside another kind's event (a layout forced by a script) counts as
 * that one's. The list's answer does not depend on how many orders the shop holds once it is
 * indexed, so this runs on a few thousand in the embedded database; tracing itself slows the
 * page, so the painted times here are above dashboard-interaction's.
 *
 * Run on the built shop (npm run build), at 1280 x 900:
 *   node bench/dashboard-trace.bench.mjs
 * Env:  BENCH_ROWS (3000), BENCH_ROUNDS (3) page loads of six changes, BENCH_CPU (4) the CPU slowdown,
 *       BENCH_LABEL, CHROMIUM_PATH (/usr/bin/chromium).
 * Out:  a table on stdout and bench/results/dashboard-trace[-<label>].json
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDashboard, signedInTab, STATUSES } from './support/dashboard-page.mjs';
import { seedPglite } from './support/order-seed.mjs';
import { runBench, writeResult } from './support/results.mjs';
import { benchShopEnv, startServer, stopServer } from './support/server.mjs';
import { signIn } from './support/shop-api.mjs';
import { roundedPercentile } from './support/timing.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CPU = Number(process.env.BENCH_CPU ?? 4);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
/** Trace events by the kind of work they are. */
const KINDS = {
  script: ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'XHRLoad', 'XHRReadyStateChange', 'RunMicrotasks'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'Commit'],
};

/** In the page, before the key press: resolves with the key press's time and the painted rows' time. */
function armProbe(status) {
  /* global document, requestAnimationFrame, MutationObserver */
  return new Promise((resolve) => {
    let t0 = null;
    document.addEventListener('keydown', (event) => (t0 = event.timeStamp), { once: true, capture: true });
    const observer = new MutationObserver(() => {
      const list = document.querySelector('.admin-dashboard__list');
      const badges = [...(list?.querySelectorAll('.status-badge') ?? [])];
      if (t0 === null || list?.getAttribute('aria-busy') !== 'false' || badges.length === 0) return;
      if (!badges.every((badge) => badge.textContent === status)) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve({ t0, paintedMs: performance.now() - t0 })));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The main thread's time by kind in one trace, in ms; an event inside another counts as the outer one. */
function mainThreadTime(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const kindOf = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind])));
  const spans = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && kindOf.has(e.name))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const time = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, 0]));
  let coveredUntil = -Infinity;
  for (const span of spans) {
    if (span.ts + span.dur <= coveredUntil) continue; // inside one already counted
    time[kindOf.get(span.name)] += span.dur / 1000;
    coveredUntil = span.ts + span.dur;
  }
  return time;
}

/** One page load and its six changes, in a browser of its own (closed whole: closing only its tab can hang after a trace). */
async function round(base, cookie) {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const { context, page } = await signedInTab(browser, base, cookie);
  const cdp = await context.newCDPSession(page);
  const samples = [];
  try {
    await openDashboard(page, base);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    for (const status of STATUSES) {
      await page.locator('#order-status-filter').focus();
      const painted = page.evaluate(armProbe, status);
      const events = [];
      const collect = ({ value }) => events.push(...value);
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
      await page.keyboard.press('ArrowDown');
      const { paintedMs } = await painted;
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      samples.push({ status, paintedMs, ...mainThreadTime(events) });
      console.error(`  ${status}: painted in ${Math.round(paintedMs)} ms`);
    }
    return samples;
  } finally {
    await browser.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-trace-'));
  const env = benchShopEnv(dataDir, { ADMIN_EMAIL, ADMIN_PASSWORD });
  const samples = [];
  try {
    await startServer(env);
    await stopServer();
    await seedPglite(dataDir, ROWS, { vacuum: true, statuses: STATUSES });
    const base = await startServer(env);
    const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (let i = 0; i < ROUNDS; i++) samples.push(...(await round(base, cookie)));
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (key) =>
    roundedPercentile(
      samples.map((s) => s[key]),
      50,
    );
  const kinds = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, median(kind)]));
  console.log(`\n${ROWS} orders, ${CPU}x CPU, traced; ${samples.length} filter changes, medians`);
  console.log(
    `painted ${median('paintedMs')} ms; main thread: ${Object.entries(kinds)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} ms`,
  );
  writeResult(`dashboard-trace${LABEL}`, {
    date: new Date().toISOString(),
    rows: ROWS,
    cpu: CPU,
    changes: samples.length,
    medianMs: { painted: median('paintedMs'), ...kinds },
    samples: samples.map((s) =>
      Object.fromEntries(Object.entries(s).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v])),
    ),
  });
}

runBench(main);
