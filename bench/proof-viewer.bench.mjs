/**
 * The proof viewer on a phone: how long after the parent opens the order page the first page of
 * a large proof is shown (the image of it the shop drew when the proof was sent, or the viewer's
 * own drawing from the PDF, whichever comes first), and when the viewer has drawn it from the
 * PDF. A 30-page, ~20 MB PDF (a photo-like image on every page, written as an ordinary PDF with
 * its cross-reference table at the end, not linearised) is sent as a proof of a printed order;
 * the order page is then opened in a fresh browser context (cold cache) with a phone's screen
 * (390 x 844 at 3x), its CPU slowed 4x (Lighthouse's mobile figure) and the network throttled,
 * until the viewer's canvas says its page is drawn. Also counted: the bytes of the image and of
 * the PDF the viewer fetched (it reads by ranges, so far less than the file), and, in the same
 * run under the same network, how long the whole file alone takes to download: what a viewer
 * that fetched the file first could never beat.
 *
 * Networks (Chrome's request-level throttling): "4g" 9 Mbps down, 1.5 Mbps up, 150 ms round
 * trip; "slow-4g" Lighthouse's mobile 1.6 Mbps down, 750 kbps up, 150 ms.
 *
 * Run:  npm run bench:proof      (builds first; serves the built shop on embedded PGlite)
 * Env:  BENCH_RUNS (5) runs a network, BENCH_LABEL (a name for the results file),
 *       BENCH_PROOF_MB (20), BENCH_PAGES (30), CHROMIUM_PATH (/usr/bin/chromium).
 * Out:  a table on stdout and bench/results/proof-viewer-<label>.json
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { uploadRequest } from './support/multipart.mjs';
import { machineLine } from './support/results.mjs';
import { startServer, stopServer } from './support/server.mjs';
import { timeInPage } from './support/timing.mjs';
import { gql, payInSandbox, PRINTED_ORDER, signIn } from './support/shop-api.mjs';
import { createOrderWithPhoto } from './support/shop-fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LABEL = process.env.BENCH_LABEL || 'latest';
const TARGET_MB = Number(process.env.BENCH_PROOF_MB ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 30);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const GOAL_MS = 1500;
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;

const ALL_NETWORKS = {
  none: null,
  '4g': { latency: 150, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9 },
  'slow-4g': { latency: 150, downloadThroughput: (1_600_000 / 8) * 0.9, uploadThroughput: (750_000 / 8) * 0.9 },
};
const NETWORKS = Object.fromEntries(
  (process.env.BENCH_NETWORKS ?? '4g,slow-4g').split(',').map((name) => [name.trim(), ALL_NETWORKS[name.trim()]]),
);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/**
 * Where the file keeps its page objects: "grouped" all near its start, before the images (as a
 * writer with object streams, or one saving for "fast web view", lays them out); "interleaved"
 * each just before its own image, so a viewer that checks the last page reads 30 places.
 */
const LAYOUTS = (process.env.BENCH_LAYOUTS ?? 'grouped,interleaved').split(',').map((name) => name.trim());

/** A page-sized JPEG of noise over a gradient: it compresses about as badly as a painted page. */
async function pageImage(index, bytesWanted) {
  let side = 900;
  for (;;) {
    const width = side;
    const height = Math.round(side * 1.3);
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 255) | 0;
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 + (index % 5) })
      .toBuffer();
    if (jpeg.length >= bytesWanted * 0.9 || side > 3000) return { jpeg, width, height };
    side = Math.round(side * Math.sqrt(bytesWanted / jpeg.length) * 1.05);
  }
}

/** The page images, made once and laid out either way. */
async function pageImages() {
  const perPage = (TARGET_MB * 1024 * 1024) / PAGES;
  const images = [];
  for (let i = 0; i < PAGES; i++) images.push(await pageImage(i, perPage));
  return images;
}

/** An ordinary PDF (not linearised): catalog, page tree, pages, images; the xref table at the end. */
function pdfOf(images, layout) {
  const chunks = [];
  const offsets = [];
  let length = 0;
  const push = (data) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(buffer);
    length += buffer.length;
  };
  const object = (id, body, stream) => {
    offsets[id] = length;
    push(`${id} 0 obj\n${body}\n`);
    if (stream) push(Buffer.concat([Buffer.from('stream\n'), stream, Buffer.from('\nendstream\n')]));
    push('endobj\n');
  };
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const pageIds = images.map((_, i) => 3 + i * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${images.length} >>`);
  const content = Buffer.from('q 612 0 0 792 0 0 cm /Im0 Do Q\n', 'latin1');
  const pageObjects = (i) => {
    const [pageId, contentId, imageId] = [pageIds[i], pageIds[i] + 1, pageIds[i] + 2];
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    object(contentId, `<< /Length ${content.length} >>`, content);
  };
  const imageObject = (i) => {
    const image = images[i];
    object(
      pageIds[i] + 2,
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.jpeg.length} >>`,
      image.jpeg,
    );
  };
  if (layout === 'grouped') {
    images.forEach((_, i) => pageObjects(i));
    images.forEach((_, i) => imageObject(i));
  } else {
    images.forEach((_, i) => {
      pageObjects(i);
      imageObject(i);
    });
  }
  const count = 3 + images.length * 3;
  const xref = length;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** A printed order, paid in the sandbox, with `pdf` sent as its proof; answers the order page's token. */
async function orderWithProof(base, pdf) {
  const { orderId, checkoutToken } = await createOrderWithPhoto(base, PRINTED_ORDER);
  await payInSandbox(base, orderId, checkoutToken);
  const cookie = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const sent = await uploadRequest(
    base,
    'mutation($o: ID!, $proof: Upload!) { sendProof(orderId: $o, proof: $proof) { proof { version bytes } userErrors { message } } }',
    { o: orderId },
    { proof: { name: 'proof.pdf', type: 'application/pdf', data: pdf } },
    cookie,
  );
  if (sent.data?.sendProof?.userErrors?.length !== 0) throw new Error(`sendProof: ${JSON.stringify(sent)}`);
  return checkoutToken;
}

/**
 * The shop draws the proof's first page in the background a few seconds after it is sent (the
 * parent opens the e-mail later): waits for it, up to a minute, and answers it (null if none).
 */
async function firstPageOf(base, token) {
  const query = 'query($t: String!) { orderPage(token: $t) { proof { firstPage { width height } } } }';
  const until = Date.now() + 60_000;
  for (;;) {
    const firstPage = (await gql(base, query, { t: token })).data?.orderPage?.proof?.firstPage ?? null;
    if (firstPage || Date.now() > until) return firstPage;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A phone: small screen, 3x pixels, touch, CPU 4x slower, the network throttled. */
async function phone(browser, network) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (NETWORKS[network]) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS[network] });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * One cold visit: how long until the order page itself shows (its heading: the reference within
 * the same run, which no viewer can beat), until the proof's first page is shown (the image the
 * shop drew of it when the proof was sent has arrived, or the viewer has drawn the page, whichever
 * comes first), and until the viewer has drawn it from the PDF.
 */
async function firstPageDrawn(browser, base, token, network) {
  const { context, page } = await phone(browser, network);
  let pdfBytes = 0;
  let imageBytes = 0;
  // pdf.js opens with one plain GET and cancels it once the headers say ranges work; it is seen, not counted.
  let openingGet = false;
  const t0 = Date.now();
  page.on('response', async (response) => {
    if (VERBOSE)
      console.log(
        `  ${Date.now() - t0} ms ${response.status()} ${response.url().slice(0, 80)} ${response.request().headers().range ?? ''}`,
      );
    if (!response.url().includes('/media/proofs/')) return;
    const headers = await response.allHeaders();
    if (response.url().includes('-page-1-')) {
      imageBytes += Number(headers['content-length'] ?? 0);
      return;
    }
    if (response.status() === 206) pdfBytes += Number(headers['content-length'] ?? 0);
    else openingGet = true;
  });
  try {
    await page.goto(`${base}/order/${token}`, { waitUntil: 'commit' });
    // Each is timed in the page from the navigation's start (timeInPage); the checks run there, so
    // their globals are the browser's.
    /* global document, HTMLImageElement */
    const heading = timeInPage(page, () => document.querySelector('h1')?.checkVisibility() === true && performance.now());
    const shown = timeInPage(page, () => {
      const image = document.querySelector('img[data-first-page]');
      const imageShown = image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
      return (imageShown || document.querySelector('canvas[data-drawn="true"]') !== null) && performance.now();
    });
    const drawnMs = await timeInPage(
      page,
      () => document.querySelector('canvas[data-drawn="true"]') !== null && performance.now(),
    );
    return { ms: await shown, drawnMs, pageMs: await heading, pdfBytes, imageBytes, openingGet };
  } finally {
    await context.close();
  }
}

/** The whole PDF in one request under the same throttling: the least a download-first viewer waits. */
async function wholeFile(browser, base, token, network) {
  const { context, page } = await phone(browser, network);
  try {
    await page.goto(`${base}/order/${token}`);
    const url = await page.locator('a', { hasText: 'Open the proof (PDF)' }).getAttribute('href');
    return await page.evaluate(async (href) => {
      const t0 = performance.now();
      const response = await fetch(href);
      const bytes = (await response.arrayBuffer()).byteLength;
      return { ms: Math.round(performance.now() - t0), bytes };
    }, url);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-bench-proof-'));
  console.log(machineLine());
  const images = await pageImages();
  const pdfs = Object.fromEntries(LAYOUTS.map((layout) => [layout, pdfOf(images, layout)]));
  const size = pdfs[LAYOUTS[0]].length;
  console.log(
    `proof: ${PAGES} pages, ${(size / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs each, cold cache; CPU ${CPU_SLOWDOWN}x slower`,
  );
  let browser;
  // How each visit was timed: results without this field waited for the heading and the drawn canvas
  // with locators, which look again only every 500 ms after their first tries.
  const results = {
    pdfBytes: size,
    pages: PAGES,
    goalMs: GOAL_MS,
    cpuSlowdown: CPU_SLOWDOWN,
    timing: 'in the page, every frame',
    runs: {},
  };
  try {
    const base = await startServer({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ENV_FILE: 'none',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      MEDIA_SECRET: randomBytes(32).toString('base64url'),
      PDF_MAX_BYTES: String(Math.max(size + 1024 * 1024, 200 * 1024 * 1024)),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM });
    for (const layout of LAYOUTS) {
      const token = await orderWithProof(base, pdfs[layout]);
      const firstPage = await firstPageOf(base, token);
      console.log(`${layout}: first page as an image ${firstPage ? `${firstPage.width} x ${firstPage.height}` : 'none'}`);
      for (const network of Object.keys(NETWORKS)) {
        await firstPageDrawn(browser, base, token, network); // warm-up: the server's first answers
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await firstPageDrawn(browser, base, token, network));
        const whole = await wholeFile(browser, base, token, network);
        results.runs[`${layout} ${network}`] = {
          layout,
          network,
          firstPageImage: firstPage,
          firstPageMs: {
            median: median(runs.map((r) => r.ms)),
            max: Math.max(...runs.map((r) => r.ms)),
            runs: runs.map((r) => r.ms),
          },
          pageShownMs: median(runs.map((r) => r.pageMs)),
          firstPageAfterPageMs: median(runs.map((r) => r.ms - r.pageMs)),
          viewerDrawnMs: median(runs.map((r) => r.drawnMs)),
          viewerAfterPageMs: median(runs.map((r) => r.drawnMs - r.pageMs)),
          pdfBytesFetched: median(runs.map((r) => r.pdfBytes)),
          imageBytesFetched: median(runs.map((r) => r.imageBytes)),
          openingGetSeen: runs.some((r) => r.openingGet),
          wholeFileDownloadMs: whole.ms,
        };
      }
    }
  } finally {
    await browser?.close();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    'layout       network   page shown   first page shown (median / max)   drawn by the viewer   image     PDF read by ranges   whole file alone   goal',
  );
  for (const r of Object.values(results.runs)) {
    const verdict = r.firstPageMs.median <= GOAL_MS ? 'met' : 'missed';
    console.log(
      [
        r.layout.padEnd(12),
        r.network.padEnd(9),
        `${r.pageShownMs} ms`.padEnd(12),
        `${r.firstPageMs.median} ms / ${r.firstPageMs.max} ms`.padEnd(33),
        `${r.viewerDrawnMs} ms`.padEnd(21),
        `${(r.imageBytesFetched / 1024).toFixed(0)} KB`.padEnd(9),
        `${(r.pdfBytesFetched / 1024).toFixed(0)} KB`.padEnd(20),
        `${r.wholeFileDownloadMs} ms`.padEnd(18),
        `${GOAL_MS} ms: ${verdict}`,
      ].join(' '),
    );
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `proof-viewer-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), ...results }, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
