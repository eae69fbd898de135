import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/shop';

test.describe('the navigation bar', () => {
  test('is transparent at the top and turns solid with a shadow once scrolled past 50 px', async ({ page }) => {
    await gotoHydrated(page, '/');
    const bar = page.locator('header.navbar');
    await expect(bar).not.toHaveClass(/navbar--solid/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(bar).not.toHaveClass(/navbar--solid/);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(bar).toHaveClass(/navbar--solid/);
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).not.toHaveClass(/navbar--solid/);
  });

  test('links to the sections, the form and home', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
    await nav.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await page.getByRole('link', { name: 'Storybook Shop home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('folds the links into a menu that the toggle opens and closes', async ({ page }) => {
      await gotoHydrated(page, '/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      const pricing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(pricing).toBeHidden();
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await expect(pricing).toBeVisible();
      await pricing.click();
      await expect(page.locator('#pricing')).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    });

    test('never scrolls sideways at 360 px', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ['/', '/create?type=printed', '/faq', '/about', '/process', '/benefits', '/privacy', '/terms']) {
        await gotoHydrated(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
});
