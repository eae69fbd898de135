/** The order form from the keyboard alone. axe on every public page: public-pages.spec.ts; on the private ones, their own specs. */
import { expect, test } from '@playwright/test';

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
