/**
 * The public pages as the build prerenders them: their content, prices, title, description,
 * canonical link and share card in the HTML itself (read with JavaScript off). Their hydration in the
 * browser is public-pages.spec.ts's.
 */
import { expect, type Page, test } from '@playwright/test';
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

  /** Each element's box and the look of it, in document order. */
  const looks = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.body.querySelectorAll('*')).map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const look = [
          'display',
          'color',
          'backgroundColor',
          'fontSize',
          'fontWeight',
          'borderTopWidth',
          'boxShadow',
          'opacity',
        ] as const;
        return `${element.tagName} ${[box.x, box.y, box.width, box.height].map(Math.round).join(',')} ${look.map((name) => style[name]).join(' ')}`;
      }),
    );

  for (const width of [390, 1280]) {
    test(`every page looks the same with the rules in its HTML as with the whole stylesheet, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [...PUBLIC_PAGES.map((publicPage) => publicPage.path), '/no-such-page']) {
        await page.unrouteAll();
        await page.goto(path);
        const own = await looks(page);
        // The same page with the whole stylesheet linked in its head, as the loader links it.
        await page.route(`**${path}`, async (route) => {
          const response = await route.fetch();
          const html = await response.text();
          const code = JSON.parse(/id="page-code">([^<]*)</.exec(html)![1]) as { url: string; kind: string }[];
          const sheet = code.find((module) => module.kind === 'stylesheet')!.url;
          await route.fulfill({ response, body: html.replace('</head>', `<link rel="stylesheet" href="${sheet}"></head>`) });
        });
        await page.goto(path);
        expect(await looks(page), path).toEqual(own);
      }
    });
  }

  test('each page is styled by the rules in its own HTML, with no stylesheet or script to wait for', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/faq');
    expect(requested.filter((pathname) => /\.(?:css|js)$/.test(pathname))).toEqual([]);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    expect(await page.locator('.navbar').evaluate((navbar) => getComputedStyle(navbar).position)).toBe('sticky');
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

test('a prerendered page asks for its code and the whole stylesheet only once it has painted', async ({ page }) => {
  await page.goto('/faq');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const { paint, requests } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    requests: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.*\.(?:css|js)$/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(paint).not.toBeNull();
  expect(requests.map((request) => request.name)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/index-.*\.js$/),
      expect.stringMatching(/^\/assets\/style-.*\.css$/),
    ]),
  );
  for (const request of requests) expect(request.startTime).toBeGreaterThanOrEqual(paint!);
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
