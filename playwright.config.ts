/**
 * Browser tests (test/e2e) in Debian's Chromium against the built client and the real server
 * (npm run build first; `npm test` does it). CHROMIUM_PATH overrides the browser.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4700 + (process.pid % 200));
process.env.E2E_PORT = String(port);
/**
 * Chromium's headless shell (Debian's chromium-headless-shell), the build Playwright itself runs
 * headless tests on: the same Blink and V8 as the full browser without its window, tab strip and
 * profile services, so a new page costs a third of the time. The full browser when it is all
 * there is.
 */
const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const executablePath = process.env.CHROMIUM_PATH ?? BROWSERS.find((file) => existsSync(file));
if (!executablePath || !existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath ?? BROWSERS.join(' or ')}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
}

export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password 1234' };

export default defineConfig({
  testDir: 'test/e2e',
  // Every test makes its own orders and admins, so the tests of one file run side by side too,
  // and one long file does not hold the run after the others are done.
  fullyParallel: true,
  // Four at a time on two cores: much of a browser test is waiting (page loads, timers, the
  // server), and four overlap those waits where two leave the cores idle.
  workers: 4,
  // Under CI a failed test runs once more, to tell a flaky test from a broken one; either fails the
  // run (failOnFlakyTests), and a focused test (`test.only`) left in a commit fails it at once.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  forbidOnly: Boolean(process.env.CI),
  // The long flows (an order through fulfilment, with axe and screenshots) take 20-30 s when four
  // workers share two cores, and three to six times that when the machine's neighbours are busy
  // (a flow of 14 s on an idle machine has taken 90 s in CI): the limits catch a hung test or a
  // page that never shows what it should, they do not time one.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? 'test-results/e2e.json' }]],
  // A failed test's screenshots, traces and page snapshot. CI runs the browser tests once on each
  // database, each run with a results folder of its own (TEST_RESULTS_DIR): there the second run
  // keeps the first's, where a shared test-results/ would be emptied by it.
  outputDir: process.env.TEST_RESULTS_DIR ? path.join(process.env.TEST_RESULTS_DIR, 'e2e-artifacts') : 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The browser asks for reduced motion, which the shop honours (no twinkling stars, no smooth
    // scrolling): an idle page otherwise keeps a fifth of a core repainting its stars, and four
    // pages at a time on two cores starve the tests. What the motion looks like is not what they check.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      // No background traffic: this machine's network is closed and Chromium would keep trying.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-sandbox',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node test/e2e/support/serve.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets serve.mjs stop the shop and drop its PostgreSQL database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // The browser tests place more orders from 127.0.0.1 than the per-client limits allow a family.
    env: { E2E_PORT: String(port), ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, RATE_LIMITS: 'off' },
  },
});
