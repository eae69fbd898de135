/**
 * The public pages as the build prerenders them: their content, prices, title, description and
 * canonical link in the HTML itself (read with JavaScript off), and their hydration in the
 * browser without a console error or warning (React reports a hydration mismatch there).
 */
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../client/src/public-pages';
import { formatPrice } from '../../client/src/ui/formatPrice';
import { CURRENCY, PLANS } from '../../server/src/catalogue/catalogue';

const origin = () => (process.env.PUBLIC_URL ?? `http://localhost:${process.env.E2E_PORT}`).replace(/\/+$/, '');

/** What the console said while `path` loaded and hydrated, the 404 page's own status line aside. */
async function consoleWhileLoading(page: Page, path: string): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/status of 404/.test(message.text())) return;
    messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.goto(path, { waitUntil: 'networkidle' });
  return messages;
}

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
    });
  }

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
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`hydration at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of [...PUBLIC_PAGES.map((p) => p.path), '/there/is/nothing/here']) {
      test(`${path} hydrates without a console error or warning`, async ({ page }) => {
        expect(await consoleWhileLoading(page, path)).toEqual([]);
        // Hydrated: the page answers to a click (the menu toggle on a phone, a link on a desktop).
        if (viewport.width < 800) {
          const toggle = page.getByRole('button', { name: 'Open menu' });
          await toggle.click();
          await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
        } else {
          await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
        }
      });
    }
  });
}

test('the description and canonical link follow client-side navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveTitle('Frequently Asked Questions | Storybook Shop');
  const faq = PUBLIC_PAGES.find((p) => p.path === '/faq')!;
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin()}/faq`);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', faq.description);
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
