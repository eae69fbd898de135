/**
 * Delivering the finished book in the browser: an admin sends a digital order's video and PDF
 * through the confirmation, and the parent's page offers both files (the PDF downloads byte for
 * byte), on a phone and on a desktop.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fitsWidth, graveAxeViolations } from './support/page-checks';
import { createPaidOrderByApi, loginAsAdmin, searchOrders, uniqueName } from './support/shop';
import { atBothWidths } from './support/widths';

const STORY_MP4 = path.join(__dirname, 'fixtures', 'story.mp4');
const STORYBOOK_PDF = path.join(__dirname, 'fixtures', 'storybook.pdf');

// The admin works at a desk (1280 px), the parent on a phone (390 px); each screen is checked at both widths.
test('an admin delivers a digital book with its PDF, and the parent gets both files, checked at 390 and 1280 px', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow(); // an admin's whole delivery, then the parent's page and both downloads
  const childName = uniqueName('Book');
  const email = `${childName.toLowerCase()}.parent@example.com`;
  await createPaidOrderByApi(request, { childName, email });
  await page.setViewportSize({ width: 1280, height: 900 });

  await loginAsAdmin(page);
  await searchOrders(page, childName);
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(childName) });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();

  // The other buttons of the row stay where they are in it while the upload runs, at either width
  // (measured in the row: the page may scroll to keep the focused button in view).
  const details = row.getByRole('button', { name: /^Details/ });
  await expect(details).toBeVisible();
  const placeInRow = () =>
    details.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const rowBox = button.closest('tr')!.getBoundingClientRect();
      return { x: box.x - rowBox.x, y: box.y - rowBox.y, width: box.width, height: box.height };
    });
  const before = new Map<number, Awaited<ReturnType<typeof placeInRow>>>();
  await atBothWidths(page, async (width) => void before.set(width, await placeInRow()));

  await row.getByRole('button', { name: /^Upload Video/ }).click();
  const dialog = page.getByRole('dialog', { name: `Deliver ${childName}'s book` });
  await dialog.getByLabel(/^Story video/).setInputFiles(STORY_MP4);
  // A digital book does not go without its PDF.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A digital book needs its storybook PDF: please choose the PDF file.');
  await dialog.getByLabel(/^Storybook PDF/).setInputFiles(STORYBOOK_PDF);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('dialog', { name: 'Send the finished book?' });
  await expect(confirm).toContainText('story.mp4');
  await expect(confirm).toContainText('storybook.pdf');
  await expect(confirm).toContainText(childName);
  await expect(confirm).toContainText(email);
  await atBothWidths(page, async (width) => {
    expect(await graveAxeViolations(page)).toEqual([]);
    await fitsWidth(page, width);
    await page.screenshot({ path: testInfo.outputPath(`confirm-${width}.png`) });
  });

  // Hold the upload until its progress has been seen, and measure the row meanwhile.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if ((route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data')) await released;
    await route.continue();
  });
  await confirm.getByRole('button', { name: 'Upload and send' }).click();
  await expect(row.getByRole('progressbar', { name: /Uploading the files/ })).toBeVisible();
  await atBothWidths(page, async (width) => expect(await placeInRow()).toEqual(before.get(width)));
  release();

  await expect(
    page.getByRole('status').filter({ hasText: `Video uploaded successfully. The email to ${email} is queued in the outbox` }),
  ).toBeVisible();
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();

  // The link from the delivery e-mail, as the panel shows the outbox.
  await row.getByRole('button', { name: /^Details/ }).click();
  const panel = page.getByRole('dialog', { name: `${childName}'s order` });
  await expect(panel.getByRole('link', { name: /^View PDF/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Upload revision/ })).toBeVisible();
  const delivery = panel.getByRole('listitem').filter({ hasText: 'video-delivery' });
  await delivery.getByText('Show the e-mail text').click();
  const body = (await delivery.locator('pre').textContent()) ?? '';
  expect(body).toContain('the storybook as a PDF to download');
  const link = body.match(/https?:\/\/\S+\/(?:order|video)\/[\w-]+/)?.[0];
  expect(link, body).toBeTruthy();

  // The parent: another browser, no admin cookie.
  const parent = await browser.newContext({ viewport: { width: 390, height: 900 }, acceptDownloads: true });
  try {
    const parentPage = await parent.newPage();
    await parentPage.goto(new URL(new URL(link!).pathname, page.url()).href);
    await expect(parentPage.getByRole('heading', { level: 1 })).toHaveText(`${childName}'s story is ready`);
    await expect(parentPage.getByRole('link', { name: 'Download video' })).toBeVisible();
    const pdfLink = parentPage.getByRole('link', { name: 'Download the storybook (PDF)' });
    await expect(pdfLink).toBeVisible();
    // A digital book's product is the PDF: to read first, then to keep; the video after them.
    const read = parentPage.getByRole('link', { name: 'Read the storybook' });
    await expect(read).toHaveAttribute('target', '_blank');
    expect(await read.getAttribute('href')).not.toContain('download=1');
    const order = await parentPage.getByRole('link').allTextContents();
    expect(order.indexOf('Read the storybook')).toBeLessThan(order.indexOf('Download video'));
    const readPdf = await parentPage.request.get((await read.getAttribute('href'))!);
    expect(readPdf.headers()['content-disposition']).toBe('inline');
    expect(readPdf.headers()['content-type']).toBe('application/pdf');
    await atBothWidths(parentPage, async (width) => {
      expect(await graveAxeViolations(parentPage)).toEqual([]);
      await fitsWidth(parentPage, width);
      await parentPage.screenshot({ path: testInfo.outputPath(`parent-${width}.png`), fullPage: true });
    });

    const [download] = await Promise.all([parentPage.waitForEvent('download'), pdfLink.click()]);
    // Named for the child and the lesson, not the file's uuid.
    expect(download.suggestedFilename()).toBe(`${childName.toLowerCase()}-courage-storybook.pdf`);
    const saved = testInfo.outputPath('downloaded.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(readFileSync(STORYBOOK_PDF))).toBe(true);

    const watchUrl = await parentPage.locator('video source').getAttribute('src');
    const watched = await parentPage.request.get(watchUrl!);
    expect((await watched.body()).equals(readFileSync(STORY_MP4))).toBe(true);
  } finally {
    await parent.close();
  }
});
