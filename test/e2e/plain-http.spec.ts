/**
 * A production shop served over plain http on a host name of its own (no TLS in front, as
 * docker-compose.yml once published it) still loads its styles and scripts: the browser is told
 * to upgrade requests to https only when PUBLIC_URL says the shop is served over HTTPS.
 * Chromium treats localhost and 127.0.0.1 as secure and never upgrades them, so the page is
 * opened at shop.example, which the browser resolves to 127.0.0.1.
 */
import { expect, test } from '@playwright/test';
import { type ProductionShop, startProductionShop } from './support/production-shop';

const HOST = 'shop.example';
let shop: ProductionShop;

test.beforeAll(async () => {
  shop = await startProductionShop({ PUBLIC_URL: `http://${HOST}` });
});
test.afterAll(async () => {
  await shop?.stop();
});

test('a production shop on plain http loads its styles and scripts and answers clicks', async ({ playwright, launchOptions }) => {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    const origin = `http://${HOST}:${shop.port}`;
    const assets: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) assets.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));

    const response = await page.goto(`${origin}/`, { waitUntil: 'load' });
    // The page asks for its code and the whole stylesheet once it has painted: wait until it runs.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(assets.filter((url) => url.endsWith('.css'))).toHaveLength(1);
    expect(assets.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
    expect(assets.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(failed).toEqual([]);
    // The shop's stylesheet sets the body's margin to 0 (the browser's own is 8px).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');

    await page.getByRole('button', { name: 'Play the sample story' }).click();
    await expect
      .poll(() =>
        page.getByLabel('Sample story video: Mia and the Lighthouse').evaluate((video: HTMLVideoElement) => video.readyState),
      )
      .toBeGreaterThanOrEqual(2);
    expect(response!.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  } finally {
    await browser.close();
  }
});
