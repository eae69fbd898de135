import type { Page } from '@playwright/test';

/** The widths every screen is checked at: a phone's and a desktop's. */
export const WIDTHS = [390, 1280] as const;

/**
 * A long journey runs once, at the width its user mostly has (a parent's phone, the studio's
 * desk), and each screen it passes is checked at both widths: the viewport changes, `check`
 * runs, and the journey's own width comes back.
 */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  const journey = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: journey?.height ?? 900 });
    await check(width);
  }
  if (journey) await page.setViewportSize(journey);
}
