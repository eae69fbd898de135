/**
 * The advertising pixel: nothing is asked and nothing loads without a configured pixel id
 * (the test server has none); with one (the pages' pixel id, the shopConfig answer and Meta's
 * script are stood in for here), nothing loads before Accept, and after Accept the page view, InitiateCheckout
 * and Purchase reach fbq with value, currency and content ids. After Decline: nothing at all.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { graveAxeViolations } from './support/page-checks';
import { chooseChildPhoto, pngPhoto } from './support/shop';

const PIXEL_ID = '1234567890';
const isPixelRequest = (request: Request) => request.url().includes('connect.facebook.net');

/** Meta's script stand-in: takes over fbq and writes down every call, queued ones first. */
const FBEVENTS_STUB = `(function () {
  var calls = (window.__fbqCalls = window.__fbqCalls || []);
  var fbq = window.fbq;
  fbq.callMethod = function () { calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments)))); };
  (fbq.queue || []).forEach(function (args) { fbq.callMethod.apply(fbq, args); });
  fbq.queue = [];
})();`;

/**
 * The shop's Content-Security-Policy lets Meta's script and beacons in only when the server has
 * a pixel id; this one has none, so its pages get the policy the server sends with one (see
 * storefrontDirectives in server/src/http/security-headers.ts).
 */
function withPixelSources(policy: string): string {
  return policy
    .replace(/(^|;)(script-src [^;]*)/, '$1$2 https://connect.facebook.net')
    .replace(/(^|;)((?:img|connect)-src [^;]*)/g, '$1$2 https://www.facebook.com');
}

/** Pages (their data block, and shopConfig) as a shop with a pixel id serves them, and the stub script; returns the script requests seen. */
async function withPixel(page: Page): Promise<string[]> {
  const scriptRequests: string[] = [];
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const headers = response.headers();
    headers['content-security-policy'] = withPixelSources(headers['content-security-policy'] ?? '');
    // The page's data block carries the pixel id the server was started with (none here).
    const body = (await response.text()).replace('"pixelId":null', `"pixelId":"${PIXEL_ID}"`);
    delete headers['content-encoding']; // the body is passed on decoded
    delete headers['content-length'];
    return route.fulfill({ response, headers, body });
  });
  await page.route('**/graphql', (route) =>
    (route.request().postData() ?? '').includes('ShopPixel')
      ? route.fulfill({ json: { data: { shopConfig: { __typename: 'ShopConfig', pixelId: PIXEL_ID } } } })
      : route.continue(),
  );
  await page.route('https://connect.facebook.net/**', (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FBEVENTS_STUB });
  });
  return scriptRequests;
}

const fbqCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []);
const consentBanner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/** Orders a digital book through the form and pays in the sandbox; returns the order id. */
async function orderAndPay(page: Page): Promise<string> {
  await page.goto('/create?type=digital');
  await page.getByLabel("Child's name", { exact: true }).fill('Nora');
  await page.getByLabel('Age', { exact: true }).fill('7');
  await page.getByRole('radio', { name: 'Friendship' }).check();
  await page.getByLabel('Email', { exact: true }).fill('nora.parent@example.com');
  await chooseChildPhoto(page, { name: 'nora.png', mimeType: 'image/png', buffer: await pngPhoto() });
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: "Create My Child's Storybook" }).click();
  await page.waitForURL(/\/payment\?/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await page.waitForURL('**/payment-success?format=digital');
  return orderId;
}

test.describe('the advertising pixel', () => {
  test('without a pixel id: no banner, and nothing requested from Meta through a whole purchase', async ({ page }) => {
    const pixelRequests: string[] = [];
    page.on('request', (request) => {
      if (isPixelRequest(request)) pixelRequests.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(consentBanner(page)).toHaveCount(0);
    await orderAndPay(page);
    await expect(consentBanner(page)).toHaveCount(0);
    expect(pixelRequests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
  });

  test('with a pixel id: nothing before Accept; then PageView, InitiateCheckout and Purchase', async ({ page }) => {
    // A whole purchase, an accessibility scan and a reload: more than the default time on a busy machine.
    test.slow();
    const scriptRequests = await withPixel(page);
    await page.goto('/');
    const banner = consentBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(scriptRequests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    expect(await graveAxeViolations(page, 'section[aria-label="Cookie consent"]')).toEqual([]);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(() => fbqCalls(page))
      .toEqual([
        ['init', PIXEL_ID],
        ['track', 'PageView'],
      ]);
    expect(scriptRequests).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);

    const orderId = await orderAndPay(page);
    const calls = await fbqCalls(page);
    const event = (name: string) => calls.find((call) => call[0] === 'track' && call[1] === name);
    expect(event('InitiateCheckout')).toEqual([
      'track',
      'InitiateCheckout',
      expect.objectContaining({ value: 25, currency: 'USD', content_ids: ['digital'] }),
      { eventID: `checkout-${orderId}` },
    ]);
    expect(event('Purchase')).toEqual([
      'track',
      'Purchase',
      expect.objectContaining({ value: 25, currency: 'USD', content_ids: ['digital'], order_id: orderId }),
      { eventID: `purchase-${orderId}` },
    ]);
    expect(calls.filter((call) => call[1] === 'Purchase')).toHaveLength(1);

    // The answer is remembered: no question on the next visit, and the pixel starts again.
    await page.reload();
    await expect.poll(() => fbqCalls(page)).toContainEqual(['init', PIXEL_ID]);
    await expect(consentBanner(page)).toHaveCount(0);
  });

  test('with a pixel id, after Decline: nothing loaded at all, and the question is not asked again', async ({ page }) => {
    const scriptRequests = await withPixel(page);
    const pixelRequests: string[] = [];
    page.on('request', (request) => {
      if (isPixelRequest(request)) pixelRequests.push(request.url());
    });
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(consentBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');

    await orderAndPay(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(consentBanner(page)).toHaveCount(0);
    expect(scriptRequests).toEqual([]);
    expect(pixelRequests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
  });
});
