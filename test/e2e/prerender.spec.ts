/**
 * The public pages as the build prerenders them: their content, prices, title, description,
 * canonical link and share card in the HTML itself (read with JavaScript off). Their hydration in the
 * browser is public-pages.spec.ts's.
 */
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from '../../client/src/public-pages';
import { formatPrice } from '../../client/src/ui/formatPrice';
import { CURRENCY, PLANS } from '../../server/src/catalogue/catalogue';

const origin = () => (process.env.PUBLIC_URL ?? `http://localhost:${process.env.E2E_PORT}`).replace(/\/+$/, '');

test.describe('prerendered pages, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const publicPage of PUBLIC_PAGES) {
    test(`${publicPage.path} has its content, title, description and canonical link in the HTML`, async ({ page }) => {
      const response = await page.goto(publicPage.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/ \| Storybook Shop$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', publicPage.description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin()}${publicPage.canonical}`);
      await expect(page.locator('footer')).toBeVisible();
      // Its share card: a link preview's title, text, address and picture.
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', publicPage.description);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin()}${publicPage.canonical}`);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    });
  }

  test('the share card is a 1200 by 630 JPEG at an absolute address, with its own text', async ({ page, request }) => {
    await page.goto('/');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${origin()}/assets/share-card-[\\w-]+\\.jpg$`));
    const response = await request.get(image!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    const bytes = await response.body();
    // A JPEG's start-of-frame segment (FFC0) holds its height, then its width.
    const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    expect({ height: bytes.readUInt16BE(frame + 5), width: bytes.readUInt16BE(frame + 7) }).toEqual({ width: 1200, height: 630 });
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      /a storybook where your child is the hero/,
    );
  });

  test('the home page has the prices from the catalogue in its HTML', async ({ page }) => {
    await page.goto('/');
    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.title });
      await expect(card).toContainText(formatPrice(plan.priceCents, CURRENCY));
    }
  });

  test('the order form is in the HTML of /create, with the plans to choose from', async ({ page }) => {
    await page.goto('/create');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Create Your Child's Storybook");
    for (const plan of PLANS) await expect(page.getByText(plan.title).first()).toBeVisible();
  });

  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/there/is/nothing/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property^="og:"]')).toHaveCount(0);
  });
});

test('the description, canonical link and share card follow client-side navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveTitle('Frequently Asked Questions | Storybook Shop');
  const faq = PUBLIC_PAGES.find((p) => p.path === '/faq')!;
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin()}/faq`);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', faq.description);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Frequently Asked Questions | Storybook Shop',
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin()}/faq`);
});

test('robots.txt and sitemap.xml are served, not the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain(`Sitemap: ${origin()}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  const xml = await sitemap.text();
  for (const publicPage of PUBLIC_PAGES.filter((p) => p.canonical === p.path)) {
    expect(xml).toContain(`<loc>${origin()}${publicPage.path}</loc>`);
  }
});
