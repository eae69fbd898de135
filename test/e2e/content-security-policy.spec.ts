/**
 * The Content-Security-Policy blocks nothing the shop itself uses: the home page with the
 * sample video's player, the order form's photo preview (an object URL), the payment page
 * (sandbox), the success page, the admin login and dashboard. At 390 and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { chooseChildPhoto, loginAsAdmin, pngPhoto, gotoHydrated } from './support/shop';
import { WIDTHS } from './support/widths';

/** Every policy violation the page reports, from its first script on. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

for (const width of WIDTHS) {
  test(`the policy blocks nothing the shop uses, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const violations = await collectViolations(page);

    const home = await gotoHydrated(page, '/');
    expect(home!.headers()['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    await page.getByRole('button', { name: 'Play the sample story' }).click();
    await expect
      .poll(() =>
        page.getByLabel('Sample story video: Mia and the Lighthouse').evaluate((video: HTMLVideoElement) => video.readyState),
      )
      .toBeGreaterThanOrEqual(2);

    await gotoHydrated(page, '/create?type=digital');
    await page.getByLabel("Child's name", { exact: true }).fill('Nora');
    await page.getByLabel('Age', { exact: true }).fill('7');
    await page.getByRole('radio', { name: 'Friendship' }).check();
    await page.getByLabel('Email', { exact: true }).fill('nora.parent@example.com');
    await chooseChildPhoto(page, { name: 'nora.png', mimeType: 'image/png', buffer: await pngPhoto() });
    const preview = page.locator('img[src^="blob:"]');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: "Create My Child's Storybook" }).click();

    await page.waitForURL(/\/payment\?/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $25' }).click();
    await page.waitForURL('**/payment-success?format=digital');

    await loginAsAdmin(page);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(violations).toEqual([]);
  });
}

test('every inline script of the built pages and of the shell is allowed by its hash, and nothing else inline', async ({
  request,
}) => {
  // A prerendered page, the shell (the payment page's early question included), and the 404 page.
  for (const address of ['/', '/faq', '/payment?orderId=1&amount=25', '/admin', '/no-such-page']) {
    const response = await request.get(address);
    const policy = response.headers()['content-security-policy'];
    const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)![1].split(/\s+/);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1],
    );
    expect(inline.length, address).toBeGreaterThan(0);
    for (const source of inline) {
      expect(scriptSources, `${address}: ${source.slice(0, 60)}`).toContain(
        `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
      );
    }
  }
});
