/**
 * Proofs in the browser against the real server: a studio member sends a proof of a printed book
 * from the order panel; the parent sees its pages drawn on the order page (pdf.js, read by
 * ranges) and asks for a change; a second proof is approved after the confirm step; the book can
 * then be marked shipped, which it could not before. The proof's first page, drawn by the shop
 * when the proof was sent, shows while the viewer loads, and the viewer's drawing takes its place
 * without moving anything. At phone and desktop widths, with axe.
 */
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';
import { graveAxeViolations, fitsWidth, layoutShifts, recordLayoutShifts } from './support/page-checks';
import { atBothWidths } from './support/widths';
import {
  createOrderByApi,
  loginAsAdmin,
  openOrder,
  payOrderByApi,
  printedOrderInput,
  sendProofFromPanel,
  uniqueName,
} from './support/shop';

const fits = async (page: Page, width: number) => await fitsWidth(page, width);

/**
 * How far the parent's page moved while its proof came in (CLS, from recordLayoutShifts): whether
 * the shop had drawn the proof's first page yet or, just after sending, not, Approve and Ask for
 * changes must stay under the parent's finger. The page row's "Page 1" turning "Page 1 of 1"
 * nudges that text alone, about a thousandth.
 */
async function shiftedWhileTheProofCame(page: Page): Promise<number> {
  return (await layoutShifts(page)).reduce((sum, shift) => sum + shift, 0);
}

const VIEWER_CODE = /\/assets\/ProofViewer-[^/]+\.js$/;
const PROOF_PDF = /\/media\/proofs\/[^?]+\.pdf\?/;

/** Holds the page's requests to `url` until the function it answers is called. */
async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * The parent's order page opened at `width` as in the seconds after a proof is sent, before the
 * shop's job has drawn its first page's image (the answer the page comes with, and any it asks for
 * after, has none), with the viewer's code and then the PDF held until released: the place kept
 * for the page is seen while each comes. `unmoved` checks the frame's height and Approve's place on
 * the page (not on the screen, which a click scrolls) against what they were when it opened.
 */
async function openBeforeItIsDrawn(browser: Browser, token: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await recordLayoutShifts(page);
  const withoutImage = (json: string) => json.replace(/"firstPage":\{[^}]*\}/g, '"firstPage":null');
  await page.route(new RegExp(`/order/${token}$|/graphql`), async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    // Playwright hands the body over decoded.
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body: withoutImage(await response.text()) });
  });
  const releaseViewer = await holdRequests(page, VIEWER_CODE);
  const releasePdf = await holdRequests(page, PROOF_PDF);
  await page.goto(`/order/${token}`);
  const review = page.getByRole('region', { name: 'Review your book' });
  const approve = review.getByRole('button', { name: 'Approve' });
  const frame = review.locator('.proof-viewer__frame');
  await expect(approve).toBeVisible();
  await expect(frame).toBeVisible();
  await expect(review.locator('img[data-first-page]')).toHaveCount(0);
  const held = (await frame.boundingBox())!;
  const onPage = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const approveAt = await onPage(approve);
  const unmoved = async () => {
    expect(Math.abs((await frame.boundingBox())!.height - held.height)).toBeLessThanOrEqual(1);
    expect(Math.abs((await onPage(approve)) - approveAt)).toBeLessThanOrEqual(1);
  };
  return { context, page, review, approve, frame, held, unmoved, releaseViewer, releasePdf };
}

async function markShipped(dialog: Locator): Promise<Locator> {
  const form = dialog.getByRole('form', { name: 'Mark as shipped' });
  await form.getByLabel('Carrier').selectOption('UPS');
  await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await form.getByRole('button', { name: 'Mark as shipped' }).click();
  await form.getByRole('button', { name: 'Yes, mark as shipped' }).click();
  return form;
}

/** A paid printed order for a child named after `prefix`, opened in the order panel by an admin at a desk (1280 px). */
async function paidPrintedOrderAtTheDesk(page: Page, request: APIRequestContext, prefix: string) {
  const childName = uniqueName(prefix);
  const order = await createOrderByApi(request, printedOrderInput(childName));
  await payOrderByApi(request, order);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  return { childName, order, dialog: await openOrder(page, childName) };
}

// The studio works at a desk (1280 px), the parent reviews on a phone (390 px); each screen is checked at both widths.
test.describe('proofs', () => {
  test('a proof is sent, sent back with a change, and a second approved before the book ships, checked at 390 and 1280 px', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // two proofs, the parent's answers and the shipping, across two browsers
    const { childName, order, ...opened } = await paidPrintedOrderAtTheDesk(page, request, 'Proof');
    let dialog = opened.dialog;

    // Not before the parent approved a proof.
    const ship = await markShipped(dialog);
    await expect(ship.getByRole('alert')).toHaveText(
      'A printed book goes to print only once the parent has approved its newest proof.',
    );

    await sendProofFromPanel(dialog, 1);
    await atBothWidths(page, async (width) => {
      await fits(page, width);
      await page.screenshot({ path: `test-results/proofs-panel-${width}.png` });
    });

    const parent = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const parentPage = await parent.newPage();
    await recordLayoutShifts(parentPage);
    await parentPage.goto(`/order/${order.checkoutToken}`);
    const review = parentPage.getByRole('region', { name: 'Review your book' });
    await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
    expect(await shiftedWhileTheProofCame(parentPage)).toBeLessThan(0.01);
    await expect(review).toContainText('Page 1 of 1');
    await atBothWidths(parentPage, async (width) => {
      await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
      await fits(parentPage, width);
      expect(await graveAxeViolations(parentPage)).toEqual([]);
      await parentPage.screenshot({ path: `test-results/proof-review-${width}.png`, fullPage: true });
    });

    await review.getByRole('button', { name: 'Ask for changes' }).click();
    await review.getByLabel('What would you like changed in this proof?').fill('Her hair is curlier, please.');
    await review.getByRole('button', { name: 'Send my changes' }).click();
    // Answered: the section no longer asks for a review, and keeps the parent's words in view.
    const answered = parentPage.getByRole('region', { name: 'The proof of your book' });
    await expect(answered.getByRole('status')).toHaveText('Thank you: we have your changes and will send you a new proof.');
    await expect(answered.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    dialog = await openOrder(page, childName);
    await expect(dialog.getByRole('list', { name: 'Proofs' })).toContainText('Proof 1 · Changes asked');
    await expect(dialog.getByRole('list', { name: 'Proofs' })).toContainText('Her hair is curlier, please.');
    await sendProofFromPanel(dialog, 2);

    await parentPage.reload();
    const second = parentPage.getByRole('region', { name: 'Review your book' });
    await expect(second).toContainText('Proof 2 of');
    await expect(second.locator('canvas[data-drawn="true"]')).toBeVisible();
    expect(await shiftedWhileTheProofCame(parentPage)).toBeLessThan(0.01);
    await second.getByRole('button', { name: 'Approve' }).click();
    await second.getByRole('group', { name: 'Approve this proof?' }).getByRole('button', { name: 'Yes, approve it' }).click();
    await expect(parentPage.getByText('Thank you: you approved the proof. We are making your book now.')).toBeVisible();
    await expect(parentPage.getByRole('region', { name: 'Where your order stands' })).toContainText('You approved the proof');
    await parent.close();

    dialog = await openOrder(page, childName);
    await expect(dialog.getByRole('list', { name: 'Proofs' })).toContainText('Proof 2 · Approved');
    await markShipped(dialog);
    await expect(dialog.getByRole('status')).toHaveText(
      'Marked as shipped with UPS. The parent has been e-mailed the tracking details.',
    );
  });

  test("shows the proof's first page as the shop drew it while the viewer loads, then the viewer's own, in the same place", async ({
    page,
    browser,
    request,
  }) => {
    const { childName, order, dialog } = await paidPrintedOrderAtTheDesk(page, request, 'FirstPage');
    await sendProofFromPanel(dialog, 1);
    // The shop's job runner draws it within a few seconds of the proof being sent.
    await expect
      .poll(
        async () => {
          const response = await request.post('/graphql', {
            headers: { 'Apollo-Require-Preflight': 'true' },
            data: {
              query: 'query($t: String!) { orderPage(token: $t) { proof { firstPage { width } } } }',
              variables: { t: order.checkoutToken },
            },
          });
          return (await response.json()).data.orderPage.proof.firstPage;
        },
        { timeout: 30_000 },
      )
      .toEqual({ width: 640 });

    const parent = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const parentPage = await parent.newPage();
    // The viewer's code is held back until the first page has been seen.
    const release = await holdRequests(parentPage, VIEWER_CODE);
    // Then the PDF, so the viewer is seen at work behind the image.
    const releasePdf = await holdRequests(parentPage, PROOF_PDF);
    const imageRequests: string[] = [];
    parentPage.on('request', (request) => {
      if (request.url().includes('-page-1-')) imageRequests.push(request.url());
    });
    const opened = await parentPage.goto(`/order/${order.checkoutToken}`);
    const review = parentPage.getByRole('region', { name: 'Review your book' });
    const image = review.getByRole('img', { name: `Proof 1 of ${childName}'s book, page 1` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    // The server named the image with the page, so it was fetched beside the page's code: once,
    // at the very address the page then shows.
    const src = new URL(await image.evaluate((img: HTMLImageElement) => img.src));
    expect(opened?.headers().link).toContain(`<${src.pathname}${src.search}>; rel=preload; as=image`);
    expect(imageRequests).toEqual([src.href]);
    await expect(review.locator('canvas[data-drawn="true"]')).toHaveCount(0);
    const frame = review.locator('.proof-viewer__frame');
    const before = (await frame.boundingBox())!;
    // The page count's row is there already (its buttons off), so what is below it stays put.
    await expect(review.getByText('Page 1', { exact: true })).toBeVisible();
    await expect(review.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const approve = review.getByRole('button', { name: 'Approve' });
    const approveBefore = (await approve.boundingBox())!;

    release();
    // The viewer is there, its canvas hidden behind the image until it has drawn the page: nothing moves.
    await expect(review.locator('canvas')).toBeAttached();
    await expect(review.locator('canvas')).toBeHidden();
    await expect(image).toBeVisible();
    expect((await frame.boundingBox())!.height).toBeCloseTo(before.height, 0);

    releasePdf();
    await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
    await expect(review.locator('img[data-first-page]')).toHaveCount(0);
    const after = (await frame.boundingBox())!;
    expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(2);
    expect(after.y).toBeCloseTo(before.y, 0);
    await expect(review).toContainText('Page 1 of 1');
    expect(Math.abs((await approve.boundingBox())!.y - approveBefore.y)).toBeLessThanOrEqual(2);

    await atBothWidths(parentPage, async (width) => {
      await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
      await fits(parentPage, width);
    });
    await parent.close();
  });

  test("an upright proof opened before the shop has drawn its first page holds the page's shape: nothing moves as it is drawn", async ({
    page,
    browser,
    request,
  }) => {
    const { order, dialog } = await paidPrintedOrderAtTheDesk(page, request, 'Upright');
    // A book of 30 pages of 6 x 9 in, taller than wide: far taller on a phone than the place a page
    // of unknown shape is given.
    const doc = await PDFDocument.create();
    for (let n = 1; n <= 30; n++) {
      doc.addPage([432, 648]).drawRectangle({ x: 36, y: 36, width: 360, height: 576, color: rgb(0.4, 0.6, 0.9) });
    }
    await sendProofFromPanel(dialog, 1, {
      name: 'upright.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await doc.save()),
    });

    const parent = await openBeforeItIsDrawn(browser, order.checkoutToken, 390);
    const { page: parentPage, review, frame, held, unmoved } = parent;
    // The page's shape at the frame's width, inside its borders.
    expect((held.height - 2) / (held.width - 2)).toBeCloseTo(648 / 432, 2);

    parent.releaseViewer();
    // The viewer in the place held for it, reading the PDF.
    await expect(review.locator('canvas')).toBeAttached();
    await expect(frame).toHaveAttribute('aria-busy', 'true');
    await unmoved();

    parent.releasePdf();
    await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
    await expect(review).toContainText('Page 1 of 30');
    await unmoved();
    expect(await shiftedWhileTheProofCame(parentPage)).toBeLessThan(0.01);
    // The page row stays within the viewer's width on the phone, its count now in full and not cut short.
    const viewer = (await frame.boundingBox())!;
    const next = (await review.getByRole('button', { name: 'Next page' }).boundingBox())!;
    expect(next.x + next.width).toBeLessThanOrEqual(viewer.x + viewer.width + 0.5);
    const count = review.locator('.proof-viewer__count');
    expect(await count.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // The next page, of the same shape, takes the same place.
    await review.getByRole('button', { name: 'Next page' }).click();
    await expect(count).toHaveText('Page 2 of 30');
    await expect(review.locator('canvas[data-drawn="true"]')).toBeVisible();
    await unmoved();

    // A phone turned, a window resized: the page keeps its shape at the viewer's new width; on a
    // desktop, no wider than lets the whole page fit the window with the page row (10rem).
    for (const width of [320, 1280]) {
      await parentPage.setViewportSize({ width, height: 900 });
      const drawn = (await review.locator('canvas').boundingBox())!;
      expect(drawn.height / drawn.width).toBeCloseTo(648 / 432, 1);
      expect(drawn.width).toBeCloseTo((await frame.boundingBox())!.width - 2, 0);
      expect(drawn.height).toBeLessThanOrEqual(900 - 160);
    }
    await parent.context.close();

    // Opened at a desk: the place held is the fitted page's, to the pixel, so nothing moves there either.
    const desk = await openBeforeItIsDrawn(browser, order.checkoutToken, 1280);
    expect(desk.held.height).toBeLessThanOrEqual(900 - 160 + 2);
    desk.releaseViewer();
    desk.releasePdf();
    await expect(desk.review.locator('canvas[data-drawn="true"]')).toBeVisible();
    await desk.unmoved();
    expect(Math.abs((await desk.frame.boundingBox())!.width - desk.held.width)).toBeLessThanOrEqual(1);
    expect(await shiftedWhileTheProofCame(desk.page)).toBeLessThan(0.01);
    await desk.context.close();
  });
});
