/**
 * Where the payment form starts on a phone: the payment page of a digital and a printed order
 * at 390 x 844 (an iPhone's CSS viewport), and how far down the payment card's top, its card
 * number field and its Pay button are. The fold is the viewport's height (844 px); the form
 * should start above it. A layout figure, not a timing: one run says it.
 *
 * Run:  npm run bench:fold      (builds first; serves the built shop on embedded PGlite)
 * Out:  a line a format on stdout, and bench/results/payment-fold-<label>.json (BENCH_LABEL)
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, stopServer } from './support/server.mjs';
import { PRINTED_ORDER } from './support/shop-api.mjs';
import { createOrderWithPhoto, DIGITAL_ORDER } from './support/shop-fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LABEL = process.env.BENCH_LABEL || 'latest';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const VIEWPORT = { width: 390, height: 844 };

/** The payment page's offsets from the page top, in CSS px, once its Pay button is there. */
async function measure(browser, base, format) {
  const input = format === 'printed' ? PRINTED_ORDER : DIGITAL_ORDER;
  const { orderId, checkoutToken } = await createOrderWithPhoto(base, input);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${base}/faq`);
  await page.evaluate(
    ([id, token]) => {
      sessionStorage.setItem('paymentOrderId', id);
      sessionStorage.setItem('checkoutToken', token);
    },
    [orderId, checkoutToken],
  );
  await page.goto(`${base}/payment?orderId=${orderId}&amount=${format === 'printed' ? 50 : 25}&format=${format}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await pay.waitFor();
  const top = async (locator) => Math.round((await locator.boundingBox()).y);
  const result = {
    cardTop: await top(page.locator('.payment-card')),
    cardNumberTop: await top(page.getByLabel('Card number')),
    payButtonTop: await top(pay),
    fold: VIEWPORT.height,
  };
  await context.close();
  return result;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-fold-'));
let browser;
try {
  const base = await startServer({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ENV_FILE: 'none',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
  });
  browser = await chromium.launch({ executablePath: CHROMIUM });
  const results = {};
  for (const format of ['digital', 'printed']) {
    results[format] = await measure(browser, base, format);
    const r = results[format];
    console.log(
      `${format}: payment card at ${r.cardTop} px, card number at ${r.cardNumberTop} px, Pay at ${r.payButtonTop} px ` +
        `(fold ${r.fold} px: the form starts ${r.cardNumberTop < r.fold ? 'above' : 'below'} it)`,
    );
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `payment-fold-${LABEL}.json`), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await browser?.close();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
