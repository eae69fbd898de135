/**
 * Pages open where a parent expects (390 px): a page opened from a link or typed in starts at
 * the top, whatever was scrolled before; Back and a reload return to where the parent was.
 */
import { expect, type Page, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  return scrollY(page);
}

test('a typed-in page starts at the top after another page was scrolled', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollToBottom(page);
  for (const path of ['/about', '/create']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    await scrollToBottom(page);
  }
});

test('a link opens its page at the top; Back and a reload return to where the parent was', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => scrollY(page)).toBe(1200);

  // Dispatched rather than clicked: a click would first scroll the footer link into view.
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).dispatchEvent('click');
  await page.waitForURL('**/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => scrollY(page)).toBe(1200);

  // Back from another document (the page's code loads again) lands there too, not on the footer.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => scrollY(page)).toBe(1200);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(1200);
});

test('/how-it-works still scrolls to its section of the home page', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page.locator('#how-it-works')).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
});
