import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/shop';
import { fitsWidth } from './support/page-checks';
import { WIDTHS } from './support/widths';

test.describe('the home page', () => {
  for (const width of WIDTHS) {
    test(`plays the shop's own sample video, fetched only after the visitor asks for it, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await gotoHydrated(page, '/samples');
      await page.waitForLoadState('networkidle');
      const samples = page.locator('#samples');
      await expect(samples.getByRole('heading', { name: 'See a Sample Story' })).toBeVisible();
      await expect(samples.locator('video, iframe')).toHaveCount(0);
      expect(requests.filter((url) => url.includes('sample-story'))).toEqual([]);

      await samples.getByRole('button', { name: 'Play the sample story' }).click();
      const video = samples.getByLabel('Sample story video: Mia and the Lighthouse');
      await expect(video).toBeFocused();
      await expect(video).toHaveAttribute('src', /^\/assets\/sample-story-[\w-]+\.mp4$/);
      // It plays: the shop serves it, the browser decodes it, and time passes.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
        .toBeGreaterThan(0.5);
      expect(await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([960, 540]);
      expect(requests.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);
      await fitsWidth(page, width);
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`shows pages of a sample book in each style, each drawing fetched only when picked, at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const drawings: string[] = [];
      page.on('request', (request) => {
        const match = /\/assets\/(classic|adventure|fairytale|superhero)-[\w-]+\.svg$/.exec(request.url());
        if (match) drawings.push(match[1]);
      });
      await gotoHydrated(page, '/');
      // Only the style shown is fetched (lazily: the browser decides how near the fold it must be).
      expect(drawings.filter((style) => style !== 'classic')).toEqual([]);
      const spreads = page.getByRole('region', { name: 'Pages from “Mia and the Lighthouse”' });
      await spreads.scrollIntoViewIfNeeded();
      for (const style of ['Classic', 'Adventure', 'Fairytale', 'Superhero']) {
        await spreads.getByRole('button', { name: style }).click();
        await expect(spreads.getByRole('button', { name: style })).toHaveAttribute('aria-pressed', 'true');
        const art = spreads.getByRole('img', { name: new RegExp(`^${style} style: `) });
        await expect(art).toBeVisible();
        await expect.poll(() => art.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(480);
        await expect(spreads.getByText(/Brave doesn’t mean not being scared/)).toBeVisible();
      }
      expect(drawings).toEqual(['classic', 'adventure', 'fairytale', 'superhero']);
      await fitsWidth(page, viewport.width);

      // The order form offers the same pages, closed until asked for.
      await gotoHydrated(page, '/create');
      const peek = page.getByText('Peek inside a sample book');
      const inForm = page.getByRole('region', { name: 'Pages from “Mia and the Lighthouse”' });
      await expect(inForm).toBeHidden();
      await peek.click();
      await expect(inForm.getByRole('img', { name: /^Classic style: / })).toBeVisible();
      await fitsWidth(page, viewport.width);
    });
  }

  test('fetches nothing from other sites while the visitor browses', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1') && !request.url().startsWith('data:')) outside.push(request.url());
    });
    for (const path of ['/', '/faq', '/about', '/process', '/benefits', '/create']) {
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
    }
    expect(outside).toEqual([]);
  });

  test('shows three parent testimonials with their ratings', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByLabel('Rated 5 out of 5')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Read more customer reviews' })).toHaveAttribute('href', '/testimonials');
  });

  test('the newsletter box subscribes an address and thanks the visitor', async ({ page, request }) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    await footer.getByLabel('Email address').fill('not-an-address');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText('Please enter a valid email address.');

    const address = `reader-${Date.now()}@example.com`;
    await footer.getByLabel('Email address').fill(address);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText('Thanks for subscribing!');
    // Idempotent: the same address again is still a success.
    const again = await request.post('/graphql', {
      data: { query: `mutation { subscribeNewsletter(email: "${address}") { subscribed } }` },
    });
    expect((await again.json()).data.subscribeNewsletter.subscribed).toBe(true);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("keeps admin and payment-provider code out of the storefront's first load", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /admin|stripe|payment/i.test(path))).toEqual([]);
    const html = await page.content();
    expect(html).not.toMatch(/js\.stripe\.com/);
  });
});

test.describe('the FAQ', () => {
  test('filters the ten questions by category and opens an answer', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    await expect(page.getByRole('button', { name: 'All', pressed: true })).toBeVisible();
    const all = await page.locator('main button[aria-expanded]').count();
    expect(all).toBe(10);

    let shown = 0;
    for (const chip of ['Process', 'Content', 'Delivery', 'Payment', 'Customization']) {
      await page.getByRole('button', { name: chip, exact: true }).click();
      await expect(page.getByRole('button', { name: chip, exact: true })).toHaveAttribute('aria-pressed', 'true');
      const count = await page.locator('main button[aria-expanded]').count();
      expect(count, chip).toBeGreaterThan(0);
      expect(count, chip).toBeLessThan(10);
      shown += count;
    }
    expect(shown).toBe(10);

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.locator('main button[aria-expanded]')).toHaveCount(10);
    const first = page.locator('main button[aria-expanded]').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});

// Its promises after a real payment (7-10 business days, 24 hours by e-mail) are pinned in checkout.spec.ts.
test.describe('the success page', () => {
  for (const format of ['printed', 'digital']) {
    test(`opened with no order just paid (${format}), claims no payment and helps find the order`, async ({ page }) => {
      await gotoHydrated(page, `/payment-success?format=${format}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Looking for your order?');
      await expect(page.getByText('Payment Successful!')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Find my order' })).toHaveAttribute('href', '/order');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});
