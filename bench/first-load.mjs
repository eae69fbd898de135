/**
 * The JavaScript each public page downloads before a parent can use it: every page the build
 * prerenders (client/dist/routes.json) is opened in a fresh browser (cold cache) until it has
 * hydrated (`html[data-hydrated]`) and the network is idle, and the shop's own scripts it fetched
 * are added up gzipped at level 9 (what bench/bundle-size.mjs and earlier figures use). The entry
 * chunk, the renderer and the router count on every page; the page's own lazy chunk on its page.
 *
 * Run after `npm run build`:  node bench/first-load.mjs [--check]
 * --check: exit 1 when a page's first load is over its budget (CI runs it so, after its build).
 * Env: BENCH_LABEL writes bench/results/first-load-<label>.json; CHROMIUM_PATH.
 */
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { mapInTurns } from './support/pool.mjs';
import { benchShopEnv, startServer, stopServer } from './support/server.mjs';

/**
 * The most a public page may download before it can be used, in KB of gzipped JavaScript. No page
 * may pass 75 KB. Below that the budgets hold today's figures: a first load may not grow unless its
 * commit says why, and each gain lowers its budget here. The renderer (Preact's React-compatible
 * layer, client/vite.config.ts) is about 10 KB of every page, the router and the app's frame most of
 * the rest; the order form's own code (the form, its checks, the book's cover) is 22 KB more, and
 * Apollo Client comes only once the parent starts on the form.
 */
const BUDGETS_KB = { '/create': 57.0 };
const DEFAULT_BUDGET_KB = 42.5;
const budgetOf = (pagePath) => BUDGETS_KB[pagePath] ?? DEFAULT_BUDGET_KB;

/**
 * A warning React Router's development build gives (client/vite.config.ts builds with its
 * production build): a script that carries it ships code no parent runs for any purpose.
 */
const DEVELOPMENT_ONLY = 'You rendered descendant <Routes>';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const check = process.argv.includes('--check');
const browsers = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const executablePath = browsers.find((file) => file && existsSync(file));

const kb = (bytes) => bytes / 1024;

async function firstLoad(browser, base, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const scripts = new Map();
  const developmentOnly = new Set();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin !== base || response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(url.pathname, gzipSync(body, { level: 9 }).length);
    if (body?.includes(DEVELOPMENT_ONLY)) developmentOnly.add(url.pathname);
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await context.close();
  const files = [...scripts].sort((a, b) => b[1] - a[1]);
  return {
    path: pagePath,
    gzipBytes: files.reduce((sum, [, size]) => sum + size, 0),
    files,
    developmentOnly: [...developmentOnly],
  };
}

async function main() {
  const routes = JSON.parse(readFileSync(path.join(root, 'client', 'dist', 'routes.json'), 'utf8'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-first-load-'));
  const env = benchShopEnv(dataDir);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const pages = [];
  try {
    const base = await startServer(env);
    // A few pages at a time, each in a context of its own (a cold cache): most of a page's load is
    // waiting for the network to fall quiet, which one page at a time spends one after the other.
    pages.push(...(await mapInTurns(routes.pages, 4, ({ path: pagePath }) => firstLoad(browser, base, pagePath))));
  } finally {
    await browser.close();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('First-load JavaScript of each public page (gzip -9), against its budget:');
  for (const page of pages) {
    const own = page.files.map(([file, size]) => `${path.basename(file)} ${kb(size).toFixed(1)}`).join(', ');
    console.log(`  ${page.path.padEnd(14)} ${kb(page.gzipBytes).toFixed(1).padStart(6)} KB of ${budgetOf(page.path)}  (${own})`);
  }
  const largest = pages.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  console.log(`Largest: ${largest.path} at ${kb(largest.gzipBytes).toFixed(1)} KB`);
  if (process.env.BENCH_LABEL) {
    mkdirSync(path.join(here, 'results'), { recursive: true });
    const out = path.join(here, 'results', `first-load-${process.env.BENCH_LABEL}.json`);
    const budgets = { ...BUDGETS_KB, default: DEFAULT_BUDGET_KB };
    writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), budgets, pages }, null, 2)}\n`);
    console.log(`Written to ${path.relative(root, out)}`);
  }
  // A measurement that saw no entry chunk measured nothing, and must not pass as small.
  const unmeasured = pages.filter((page) => !page.files.some(([file]) => /\/assets\/index-[\w-]+\.js$/.test(file)));
  if (unmeasured.length > 0) {
    console.error(`No entry chunk was seen loading on ${unmeasured.map((p) => p.path).join(', ')}: nothing was measured.`);
    process.exit(1);
  }
  const development = [...new Set(pages.flatMap((page) => page.developmentOnly))];
  if (development.length > 0) {
    console.error(
      `React Router's development build is in ${development.join(', ')}: see reactRouterProduction in client/vite.config.ts.`,
    );
    process.exit(1);
  }
  // Judged as printed, to a tenth of a KB: the chunks' hashed names alone (which gzip cannot
  // shrink) move a page's sum by some bytes from build to build while its code stays the same.
  const over = pages.filter((page) => Number(kb(page.gzipBytes).toFixed(1)) > budgetOf(page.path));
  if (check && over.length > 0) {
    const list = over.map((p) => `${p.path} ${kb(p.gzipBytes).toFixed(1)} KB (budget ${budgetOf(p.path)} KB)`).join(', ');
    console.error(
      `Over the first-load budget: ${list}. Load what the page does not need at once lazily ` +
        '(node bench/bundle-size.mjs lists the chunks), or lower a budget in bench/first-load.mjs after a gain.',
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
