/**
 * Delivering a book where the shop keeps its files in a bucket (s3rver in this process, with the
 * CORS rule README asks for): the admin's browser sends the video straight to the bucket, in parts
 * to the URLs the shop signed, with its progress shown; the shop receives the PDF and what the
 * bucket answered, never the video. At phone and desktop widths.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  type Route,
  test,
} from '@playwright/test';
import { unfinishedUploadKey } from '../../client/src/admin/upload/unfinished-uploads';
import { type RunningS3rver, startS3rver } from '../support/s3rver';
import { videoBytesIn } from '../support/upload-metrics';
import { fitsWidth } from './support/page-checks';
import { type ProductionShop, startShop } from './support/production-shop';
import { createOrderByApi, graphqlCall, payOrderByApi, searchOrders, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

const OWNER = { email: 'bucket-owner@example.com', password: 'bucket owner password 1234' };
const METRICS_TOKEN = 'e2e-direct-metrics-token';
const BUCKET = 'e2e-direct';
const MiB = 1024 * 1024;
const STORYBOOK_PDF = path.join(__dirname, 'fixtures', 'storybook.pdf');
/** The fixture video's head and then filler, past one 8 MiB part: it goes up in two. */
const VIDEO = (() => {
  const real = readFileSync(path.join(__dirname, 'fixtures', 'story.mp4'));
  const file = Buffer.alloc(8 * MiB + 300_000, 0);
  real.copy(file, 0, 0, 64);
  return file;
})();

/** A shop whose files are in `store`'s bucket, its owner signed up, its metrics readable. */
const startShopOn = (store: RunningS3rver) =>
  startShop({
    NODE_ENV: 'development',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    RATE_LIMITS: 'off',
    METRICS_TOKEN,
    ...store.env,
  });

let s3rver: RunningS3rver;
let shop: ProductionShop;
let baseURL: string;

test.beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  shop = await startShopOn(s3rver);
  baseURL = `http://127.0.0.1:${shop.port}`;
});
test.afterAll(async () => {
  await shop?.stop();
  await s3rver?.close();
});

/** The owner signs in through the form and searches for the child's order; answers its row. */
async function signInAndFind(page: Page, childName: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
  return findOnDashboard(page, childName);
}

/** On the dashboard, signed in: searches for the child's order and answers its row. */
async function findOnDashboard(page: Page, childName: string): Promise<Locator> {
  await searchOrders(page, childName);
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  return page.getByRole('row', { name: new RegExp(childName) });
}

/** Picks the video and the PDF in the row's delivery dialog and continues to the confirmation. */
async function pickBook(page: Page, row: Locator, childName: string): Promise<void> {
  await row.getByRole('button', { name: /^Upload Video/ }).click();
  const dialog = page.getByRole('dialog', { name: `Deliver ${childName}'s book` });
  await dialog.getByLabel(/^Story video/).setInputFiles({ name: 'story.mp4', mimeType: 'video/mp4', buffer: VIDEO });
  await dialog.getByLabel(/^Storybook PDF/).setInputFiles(STORYBOOK_PDF);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/** Delivers the book from files on disk (the same file can be chosen again): picks, confirms, sends. */
async function sendFromDisk(page: Page, childName: string, videoPath: string): Promise<void> {
  await page
    .getByRole('row', { name: new RegExp(childName) })
    .getByRole('button', { name: /^Upload Video/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Deliver ${childName}'s book` });
  await dialog.getByLabel(/^Story video/).setInputFiles(videoPath);
  await dialog.getByLabel(/^Storybook PDF/).setInputFiles(STORYBOOK_PDF);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Send the finished book?' }).getByRole('button', { name: 'Upload and send' }).click();
}

/** A shop and its bucket: the file's own unless a test starts others. */
interface Setup {
  shopURL: string;
  store: RunningS3rver;
}

/** A paid order, the video in a file on disk, and the owner signed in on the dashboard, at 1280 px. */
async function paidOrderOnDashboard(
  browser: Browser,
  prefix: string,
  videoPath: string,
  { shopURL = baseURL, fakeClock = false }: { shopURL?: string; fakeClock?: boolean } = {},
) {
  const api = await playwrightRequest.newContext({ baseURL: shopURL });
  const childName = uniqueName(prefix);
  const email = `${childName.toLowerCase()}@example.com`;
  const order = await createOrderByApi(api, { childName, email });
  await payOrderByApi(api, order);
  writeFileSync(videoPath, VIDEO);
  const context = await browser.newContext({ baseURL: shopURL, viewport: { width: 1280, height: 900 } });
  if (fakeClock) await context.clock.install();
  const page = await context.newPage();
  const row = await signInAndFind(page, childName);
  return { api, order, childName, email, context, page, row };
}

/**
 * Skips the page's pauses between a part's tries (2, 6 and 18 s), on a clock installed before
 * the page loaded, until `outcome` shows. Other timers of the page's fire early too, which changes
 * nothing here.
 */
async function skipRetryPauses(page: Page, outcome: Locator): Promise<void> {
  for (let jumps = 0; jumps < 100 && !(await outcome.isVisible()); jumps += 1) {
    await page.clock.fastForward(20_000);
    await page.waitForTimeout(200);
  }
}

/**
 * Part 1 goes up before the admin reloads the page or closes its tab (accepting the browser's
 * question); part 2 does not. That waits until the page has noted part 1 as sent, as it does once
 * the bucket's answer has reached it: leaving in the moment between the two sends that part again.
 */
async function leaveAfterPartOne(
  page: Page,
  orderId: string,
  childName: string,
  videoPath: string,
  leave: 'reload' | 'close' = 'reload',
): Promise<string[]> {
  const bucketOrigin = new URL(s3rver.config.endpoint!).origin;
  await page.route(`${bucketOrigin}/**`, (route) =>
    route.request().method() === 'PUT' && partOf(route.request().url()) === '2'
      ? route.abort('connectionreset')
      : route.continue(),
  );
  const firstTaken = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && partOf(response.url()) === '1' && response.ok(),
  );
  await sendFromDisk(page, childName, videoPath);
  await firstTaken;
  await page.waitForFunction((key) => {
    const unfinished = JSON.parse(localStorage.getItem(key) ?? 'null') as { sent?: Array<{ partNumber: number }> } | null;
    return unfinished?.sent?.some((part) => part.partNumber === 1) ?? false;
  }, unfinishedUploadKey(orderId));
  await expect(page.getByRole('progressbar', { name: /Uploading the files/ }).first()).toBeVisible();
  const asked: string[] = [];
  page.on('dialog', (question) => {
    asked.push(question.type());
    void question.accept();
  });
  if (leave === 'reload') {
    // Part 2 stays refused until the page is gone: its next try, due a few seconds after its first
    // failed, would otherwise go up in the moment before the reload.
    await page.reload();
    await page.unroute(`${bucketOrigin}/**`);
  } else {
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
  }
  return asked;
}

/** What the admin is told once a book is delivered with the e-mail queued (no mail service here). */
const deliveredNotice = (page: Page, email: string) =>
  page.getByRole('status').filter({ hasText: `Video uploaded successfully. The email to ${email} is queued in the outbox` });

/** The bytes of finished videos the shop itself has received, from its Prometheus series. */
async function videoBytesThroughShop(api: APIRequestContext): Promise<number> {
  const response = await api.get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  return videoBytesIn(await response.text());
}

/** The video came through the shop (its byte counter grew by the video's size) and was delivered. */
async function expectDeliveredThroughShop(
  api: APIRequestContext,
  orderId: string,
  videoBytesBefore: number,
  setup?: Setup,
): Promise<void> {
  expect(await videoBytesThroughShop(api)).toBe(videoBytesBefore + VIDEO.length);
  await expectDelivered(api, orderId, setup);
}

const partOf = (url: string) => new URL(url).searchParams.get('partNumber');

/** What the page sends from now on: the parts it PUTs to the bucket, and its operations to the shop. */
function recordRequests(page: Page, { shopURL, store }: Setup = { shopURL: baseURL, store: s3rver }) {
  const bucketOrigin = new URL(store.config.endpoint!).origin;
  const puts: string[] = [];
  const operations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().startsWith(bucketOrigin)) puts.push(partOf(sent.url()) ?? '');
    if (sent.url().startsWith(`${shopURL}/graphql`) && sent.method() === 'POST') {
      operations.push(/"operationName":"(\w+)"/.exec(sent.postData() ?? '')?.[1] ?? '');
    }
  });
  return { puts, operations };
}

/** The order is Completed, and the bucket holds the very video under the key it points at. */
async function expectDelivered(
  api: APIRequestContext,
  orderId: string,
  { shopURL, store }: Setup = { shopURL: baseURL, store: s3rver },
): Promise<void> {
  const { adminOrder } = await graphqlCall(
    api,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }',
    { e: OWNER.email, p: OWNER.password },
  ).then(() => graphqlCall(api, 'query($id: ID!) { adminOrder: order(id: $id) { status videoUrl } }', { id: orderId }));
  expect(adminOrder.status).toBe('Completed');
  const key = decodeURIComponent(new URL(adminOrder.videoUrl, shopURL).pathname.replace(/^\/media\//, ''));
  const bucket = new S3Client(store.config);
  try {
    const stored = await bucket.send(new GetObjectCommand({ Bucket: store.config.bucket, Key: key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(VIDEO)).toBe(true);
  } finally {
    bucket.destroy();
  }
}

// The admin works at a desk (1280 px); the page, with the upload's progress, is checked at both widths.
test("an admin's browser sends the video straight to the bucket, with its progress, checked at 390 and 1280 px", async ({
  browser,
}) => {
  test.slow(); // a 9 MB video through the browser, on two busy cores
  const api = await playwrightRequest.newContext({ baseURL });
  const childName = uniqueName('Bucket');
  const email = `${childName.toLowerCase()}.parent@example.com`;
  const order = await createOrderByApi(api, { childName, email });
  await payOrderByApi(api, order);
  expect((await graphqlCall(api, '{ shopConfig { videoUploadsDirect } }')).shopConfig.videoUploadsDirect).toBe(true);

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
  });
  const row = await signInAndFind(page, childName);

  await pickBook(page, row, childName);

  // What goes where: the parts to the bucket (held until the progress has been seen), the
  // rest to the shop.
  const bucketOrigin = new URL(s3rver.config.endpoint!).origin;
  const parts: Array<{ url: string; bytes: number }> = [];
  const videoBytesBefore = await videoBytesThroughShop(api);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${bucketOrigin}/**`, async (route) => {
    if (route.request().method() === 'PUT') {
      parts.push({ url: route.request().url(), bytes: route.request().postDataBuffer()?.length ?? 0 });
      await released;
    }
    await route.continue();
  });
  await page.getByRole('dialog', { name: 'Send the finished book?' }).getByRole('button', { name: 'Upload and send' }).click();
  await atBothWidths(page, async (width) => {
    await expect(row.getByRole('progressbar', { name: /Uploading the files/ })).toBeVisible();
    await fitsWidth(page, width);
  });
  release();

  await expect(deliveredNotice(page, email)).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();

  // Two parts of the video went to the bucket, each to its signed URL, and every byte of it.
  expect(parts.map((part) => new URL(part.url).searchParams.get('partNumber')).sort()).toEqual(['1', '2']);
  expect(parts.every((part) => new URL(part.url).searchParams.has('X-Amz-Signature'))).toBe(true);
  expect(parts.reduce((sum, part) => sum + part.bytes, 0)).toBe(VIDEO.length);
  // Not a byte of the video went through the shop.
  expect(await videoBytesThroughShop(api)).toBe(videoBytesBefore);
  expect(refusedByPolicy).toEqual([]);

  // The bucket holds the very file, under the key the order points at.
  await expectDelivered(api, order.orderId);
  await context.close();
  await api.dispose();
});

const AFTER_LEAVING = {
  reload: 'after a reload mid-upload, choosing the same video again sends only the part the bucket does not have',
  close:
    'after the tab is closed mid-upload, the same video chosen again in a new tab sends only the part the bucket does not have',
} as const;

for (const leave of ['reload', 'close'] as const) {
  test(AFTER_LEAVING[leave], async ({ browser }, testInfo) => {
    test.slow(); // a 9 MB video through the browser, on two busy cores
    const videoPath = testInfo.outputPath('story.mp4');
    const { api, order, childName, email, context, page } = await paidOrderOnDashboard(browser, `Left${leave}`, videoPath);
    // The browser asks before leaving stops the upload; the admin leaves anyway.
    expect(await leaveAfterPartOne(page, order.orderId, childName, videoPath, leave)).toEqual(['beforeunload']);
    // After a reload, the same page; after closing, another tab of the same browser, still signed in.
    let tab = page;
    if (leave === 'close') {
      tab = await context.newPage();
      await tab.goto('/admin/dashboard');
      await findOnDashboard(tab, childName);
    }

    const { puts, operations } = recordRequests(tab);
    await sendFromDisk(tab, childName, videoPath);
    await expect(deliveredNotice(tab, email)).toBeVisible({ timeout: 60_000 });
    // Only part 2 went up again, on the upload begun before leaving: no new one was started.
    expect(puts).toEqual(['2']);
    expect(operations).not.toContain('StartVideoUpload');
    // Delivered: nothing of the upload is left in the browser.
    expect(await tab.evaluate((key) => localStorage.getItem(key), unfinishedUploadKey(order.orderId))).toBeNull();
    await expectDelivered(api, order.orderId);
    await context.close();
    await api.dispose();
  });
}

test("a second tab sends nothing while the first delivers the same order's book, and says why", async ({ browser }, testInfo) => {
  test.slow(); // a 9 MB video through the browser, on two busy cores
  const videoPath = testInfo.outputPath('story.mp4');
  const { api, order, childName, email, context, page } = await paidOrderOnDashboard(browser, 'TwoTabs', videoPath);
  // The first tab's parts are held at the bucket until the second tab has tried.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const bucketOrigin = new URL(s3rver.config.endpoint!).origin;
  const puts: string[] = [];
  await context.route(`${bucketOrigin}/**`, async (route) => {
    if (route.request().method() === 'PUT') {
      puts.push(partOf(route.request().url()) ?? '');
      await released;
    }
    await route.continue();
  });
  const firstPut = page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().startsWith(bucketOrigin));
  await sendFromDisk(page, childName, videoPath);
  await firstPut;

  const second = await context.newPage();
  await second.goto('/admin/dashboard');
  await findOnDashboard(second, childName);
  const { operations } = recordRequests(second);
  await sendFromDisk(second, childName, videoPath);
  await expect(
    second.getByRole('alert').filter({
      hasText: "This order's book is already being uploaded in another tab. Wait for it there, or close that tab and try again.",
    }),
  ).toBeVisible();
  expect(operations).toEqual([]);

  release();
  await expect(deliveredNotice(page, email)).toBeVisible({ timeout: 60_000 });
  // Each part once, from the first tab.
  expect(puts.sort()).toEqual(['1', '2']);
  await expectDelivered(api, order.orderId);
  await context.close();
  await api.dispose();
});

// S3 answers a part of an upload it no longer knows with 404 NoSuchUpload; this stand-in takes the
// part, and the shop then refuses to deliver an upload it gave up. Each way, a new upload follows.
for (const refusedBy of ['the bucket', 'the shop'] as const) {
  test(`an upload given up meanwhile is not picked up (${refusedBy} refuses it): the video is sent afresh`, async ({
    browser,
  }, testInfo) => {
    test.slow(); // a 9 MB video through the browser, twice, on two busy cores
    const videoPath = testInfo.outputPath('story.mp4');
    const { api, order, childName, email, context, page } = await paidOrderOnDashboard(browser, 'GivenUp', videoPath);
    await leaveAfterPartOne(page, order.orderId, childName, videoPath);
    // Given up meanwhile (as the hourly sweep does with an old one): the bucket no longer knows it.
    const uploadId = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.plan.id as string,
      unfinishedUploadKey(order.orderId),
    );
    await graphqlCall(api, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { admin { id } } }', {
      e: OWNER.email,
      p: OWNER.password,
    });
    await graphqlCall(
      api,
      'mutation($o: ID!, $u: ID!) { abortVideoUpload(orderId: $o, uploadId: $u) { userErrors { message } } }',
      {
        o: order.orderId,
        u: uploadId,
      },
    );

    if (refusedBy === 'the bucket') {
      await page.route(`${new URL(s3rver.config.endpoint!).origin}/**`, (route) =>
        new URL(route.request().url()).searchParams.get('uploadId') === uploadId
          ? route.fulfill({ status: 404, body: '<Error><Code>NoSuchUpload</Code></Error>' })
          : route.continue(),
      );
    }
    const { puts, operations } = recordRequests(page);
    await sendFromDisk(page, childName, videoPath);
    await expect(deliveredNotice(page, email)).toBeVisible({ timeout: 60_000 });
    // Part 2 was sent once on the old upload (refused at once: no point trying again), then a new
    // upload took both parts, and the admin was not asked to choose the file again.
    expect(puts.sort()).toEqual(['1', '2', '2']);
    expect(operations.filter((name) => name === 'StartVideoUpload')).toHaveLength(1);
    await expectDelivered(api, order.orderId);
    await context.close();
    await api.dispose();
  });
}

/**
 * The bucket's rules let the shop's pages in (the shop read them), but the page still gets no answer
 * it may read: each way, the browser gives the upload up and the video goes through the shop.
 */
const UNANSWERED: Array<{
  title: string;
  prefix: string;
  /** Whether the page tries each part four times, 2, 6 and 18 s apart (skipped on a fake clock). */
  triesAgain: boolean;
  answer: (route: Route) => Promise<void>;
}> = [
  {
    // The bucket takes each part, but what answers does not expose ETag: the page cannot read what
    // completing the upload needs, however often it tries; each part is sent once.
    title: "a CORS rule that hides the parts' ETags",
    prefix: 'Hidden',
    triesAgain: false,
    answer: async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['access-control-expose-headers'];
      return route.fulfill({ response, headers });
    },
  },
  {
    title: 'a bucket the browser cannot reach at all (a firewall between them)',
    prefix: 'Walled',
    triesAgain: true,
    answer: (route) => route.abort('addressunreachable'),
  },
];

for (const { title, prefix, triesAgain, answer } of UNANSWERED) {
  test(`${title}: the browser gives the upload up and sends the video through the shop`, async ({ browser }, testInfo) => {
    test.slow(); // a 9 MB video through the browser, on two busy cores
    const videoPath = testInfo.outputPath('story.mp4');
    const { api, order, email, context, page, childName } = await paidOrderOnDashboard(browser, prefix, videoPath, {
      fakeClock: triesAgain,
    });
    await page.route(`${new URL(s3rver.config.endpoint!).origin}/**`, answer);
    const { puts, operations } = recordRequests(page);
    const videoBytesBefore = await videoBytesThroughShop(api);

    await sendFromDisk(page, childName, videoPath);
    const delivered = deliveredNotice(page, email);
    if (triesAgain) await skipRetryPauses(page, delivered);
    await expect(delivered).toBeVisible({ timeout: 60_000 });

    expect(puts.length).toBeGreaterThan(0);
    if (!triesAgain) expect(new Set(puts).size).toBe(puts.length);
    // The upload was discarded, and the video then went through the shop with the PDF.
    expect(operations.filter((name) => name === 'StartVideoUpload')).toHaveLength(1);
    await expect.poll(() => operations).toContain('AbortVideoUpload');
    await expectDeliveredThroughShop(api, order.orderId, videoBytesBefore);
    await context.close();
    await api.dispose();
  });
}

test('a part the bucket keeps refusing ends the upload with a message, discards it, and leaves the order Paid', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const childName = uniqueName('Refused');
  const order = await createOrderByApi(api, { childName, email: `${childName.toLowerCase()}@example.com` });
  await payOrderByApi(api, order);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
  await context.clock.install();
  const page = await context.newPage();
  const row = await signInAndFind(page, childName);

  // The bucket answers every part with 403, as it does to a URL whose signature has expired.
  let refused = 0;
  await page.route(`${new URL(s3rver.config.endpoint!).origin}/**`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    refused += 1;
    return route.fulfill({ status: 403, body: '<Error><Code>AccessDenied</Code></Error>' });
  });
  const { operations } = recordRequests(page);

  await pickBook(page, row, childName);
  await page.getByRole('dialog', { name: 'Send the finished book?' }).getByRole('button', { name: 'Upload and send' }).click();

  // Four tries a part, their pauses skipped, before the admin is told.
  const told = page
    .getByRole('alert')
    .filter({ hasText: 'The video could not be sent to the file store. Nothing was delivered: please try again.' });
  await skipRetryPauses(page, told);
  await expect(told).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Upload Video/ })).toBeEnabled();
  // Each of the two parts was tried four times before the upload gave up, and it was then discarded.
  expect(refused).toBe(8);
  await expect.poll(() => operations).toContain('AbortVideoUpload');
  expect(operations).not.toContain('CompleteOrderWithVideo');
  await fitsWidth(page, 390);
  await context.close();
  await api.dispose();
});

test.describe('a bucket with no CORS rule at all', () => {
  let bare: RunningS3rver;
  let bareShop: ProductionShop;
  let setup: Setup;

  test.beforeAll(async () => {
    bare = await startS3rver('e2e-no-cors', { cors: null });
    bareShop = await startShopOn(bare);
    setup = { shopURL: `http://127.0.0.1:${bareShop.port}`, store: bare };
  });
  test.afterAll(async () => {
    await bareShop?.stop();
    await bare?.close();
  });

  test("the shop knows from the bucket's rules: the video goes through the shop without a part tried, and is delivered", async ({
    browser,
  }, testInfo) => {
    const videoPath = testInfo.outputPath('story.mp4');
    const { api, order, email, context, page, childName } = await paidOrderOnDashboard(browser, 'NoRule', videoPath, {
      shopURL: setup.shopURL,
    });
    const { puts, operations } = recordRequests(page, setup);
    const videoBytesBefore = await videoBytesThroughShop(api);

    await sendFromDisk(page, childName, videoPath);
    await expect(deliveredNotice(page, email)).toBeVisible({ timeout: 60_000 });

    // The shop refused to start an upload straight to the bucket; not a part went there, nothing was
    // left to discard. (The delivery's own request carries files, whose body the browser does not
    // show: the shop's byte counter shows the video arrived.)
    expect(puts).toEqual([]);
    expect(operations.filter((name) => /Video/.test(name))).toEqual(['StartVideoUpload']);
    await expectDeliveredThroughShop(api, order.orderId, videoBytesBefore, setup);
    await context.close();
    await api.dispose();
  });
});
