/**
 * Every public page in the browser at 390 and 1280 px, loaded once for both checks: it hydrates
 * without a console error or warning (React reports a hydration mismatch there) and then answers
 * a click, and it has no serious or critical axe violations.
 */
import { expect, test, type Page } from '@playwright/test';
import { graveAxeViolations } from './support/page-checks';
import { PUBLIC_PAGES as PRERENDERED } from '../../client/src/public-pages';
import { PUBLIC_PAGES } from './support/shop';

const NOT_FOUND = '/no-such-page';
/** The pages the build prerenders, and the 404 page: each must hydrate without a word in the console. */
const HYDRATED = new Set([...PRERENDERED.map((p) => p.path), NOT_FOUND]);
/** Each page axe checks, by its heading (the home page's aliases show the home page, checked once). */
const HEADINGS = new Map<string, string>([...PUBLIC_PAGES, ['/create?type=printed', "Create Your Child's Storybook"]]);
const PATHS = [...new Set([...HYDRATED, ...HEADINGS.keys()])];

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

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PATHS) {
      const hydrates = HYDRATED.has(path);
      const heading = HEADINGS.get(path);
      const checks = [
        hydrates && 'hydrates without a console error or warning',
        heading && 'has no serious or critical axe violations',
      ];
      test(`${path} ${checks.filter(Boolean).join(' and ')}`, async ({ page }) => {
        const messages = await consoleWhileLoading(page, path);
        if (hydrates) expect(messages).toEqual([]);
        if (heading) {
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          expect(await graveAxeViolations(page)).toEqual([]);
        }
        if (!hydrates) return;
        // Hydrated: the page answers to a click (the menu toggle on a phone, a link on a desktop).
        if (viewport.width < 800) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
          // Shown by a rule the page's own inline rules leave to the whole stylesheet, in by now.
          await expect(page.locator('#navbar-menu')).toBeVisible();
        } else {
          await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
        }
      });
    }
  });
}
