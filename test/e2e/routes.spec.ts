import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, gotoHydrated } from './support/shop';
import { NOSCRIPT_MESSAGE } from '../../client/src/ui/noscript-message';

test.describe('every route of the shop', () => {
  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path} shows "${heading}"`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }

  for (const path of ['/testimonials', '/blog', '/blog/first-post', '/values/kindness', '/age/5-7']) {
    test(`${path} shows the home page`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Storybook Where Your Child Is the Hero');
    });
  }

  for (const section of ['how-it-works', 'pricing', 'samples', 'contact']) {
    test(`/${section} shows the home page and scrolls to its section`, async ({ page }) => {
      await gotoHydrated(page, `/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Storybook Where Your Child Is the Hero');
      await expect(page.locator(`#${section}`)).toBeInViewport();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    });
  }

  test('the 404 page links back home', async ({ page }) => {
    await gotoHydrated(page, '/there/is/nothing/here');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Storybook Where Your Child Is the Hero');
  });

  test('the pricing cards read the catalogue and link to the form with the format chosen', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByText('$25')).toBeVisible();
    await expect(pricing.getByText('$50')).toBeVisible();
    await expect(pricing.getByText('Most Popular')).toBeVisible();
    // The page scrolls itself to the section, smoothly, once it has rendered: a click aimed while
    // it moves lands elsewhere. Click once it is there and still, as a visitor would.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const y = window.scrollY;
              setTimeout(() => resolve(window.scrollY === y), 150);
            }),
        ),
      )
      .toBe(true);
    await pricing.locator('a[href="/create?type=printed"]').first().click();
    await expect(page).toHaveURL(/\/create\?type=printed$/);
    await expect(page.getByRole('radio', { name: 'Premium Printed Storybook' })).toBeChecked();
  });

  // The shell's placeholder is painted from its HTML, and the app renders the page over it once
  // the page's code is in (loadRoutePages): never a spinner of React's own first, which React
  // keeps up for at least 300 ms however soon the code comes.
  for (const [path, heading] of [
    ['/order', 'Find my order'],
    ['/payment?orderId=8d7f2c1e-4b1a-4c55-9a37-0d6a1b2c3d4e&amount=25&format=digital', 'Complete Your Payment'],
    ['/admin', 'Admin Login'],
  ]) {
    test(`${path.split('?')[0]} shows the shell's placeholder, then the page, never React's spinner`, async ({ page }) => {
      await page.addInitScript(() => {
        const shown: string[] = [];
        Object.assign(window, { spinnersShown: shown });
        // Called after each change to the page, before it is painted: every spinner shown is seen.
        new MutationObserver(() => {
          for (const label of Array.from(document.querySelectorAll('.spinner__label'))) {
            const where = label.closest('[data-shell-placeholder]') ? 'placeholder' : 'app';
            if (!shown.includes(`${where}: ${label.textContent}`)) shown.push(`${where}: ${label.textContent}`);
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('[data-shell-placeholder]')).toHaveCount(0);
      const shown = await page.evaluate(() => (window as unknown as { spinnersShown: string[] }).spinnersShown);
      expect(shown).toEqual(['placeholder: Loading…']);
    });
  }

  test('a page only scripts can show says so to a browser that runs none, with no spinner', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const path of ['/order', '/payment', '/admin']) {
        await page.goto(path);
        // By its class: Playwright's text matching leaves out what is inside <noscript>.
        const message = page.locator('.shell-placeholder__noscript');
        await expect(message).toBeVisible();
        await expect(message).toHaveText(NOSCRIPT_MESSAGE);
        await expect(page.locator('.spinner')).toBeHidden();
      }
      // A prerendered page needs no script: it shows itself, with no such line.
      await page.goto('/faq');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.shell-placeholder__noscript')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("a page whose code cannot be fetched shows the error page, not the shell's spinner", async ({ page }) => {
    let asked = 0;
    await page.route(/\/assets\/FindOrderPage-[\w-]+\.js$/, (route) => {
      asked += 1;
      return route.abort('connectionreset');
    });
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.locator('[data-shell-placeholder]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    // Asked for with the entry (the shell's preload) and by the page: not again and again.
    expect(asked).toBeLessThanOrEqual(2);
  });
});
