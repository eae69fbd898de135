import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from './support/shop';

const pages = [...PUBLIC_PAGES, ['/create?type=printed', "Create Your Child's Storybook"] as [string, string]];

for (const width of [1280, 390]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of pages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page }).analyze();
        const grave = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.impact} ${v.id}: ${v.help} (${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')})`,
          );
        expect(grave).toEqual([]);
      });
    }
  });
}

test('the order form works from the keyboard alone', async ({ page }) => {
  await page.goto('/create?type=digital');
  // The form is disabled until the page is hydrated and any draft restored.
  await expect(page.getByLabel("Child's name", { exact: true })).toBeEnabled();
  await page.getByLabel("Child's name", { exact: true }).focus();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Age', { exact: true })).toBeFocused();
  // Submitting from the keyboard shows the next problem and keeps focus inside the form.
  await page.getByRole('button', { name: "Create My Child's Storybook" }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid age between 2-12.' })).toBeVisible();
  const focusOutline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'none';
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.boxShadow}`;
  });
  expect(focusOutline).not.toBe('none none');
});
