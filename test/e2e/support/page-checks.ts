/** What the browser tests check on every screen: axe's grave findings, and no sideways scrolling. */
import { expect, type Frame, type Page } from '@playwright/test';
import axe from 'axe-core';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * axe-core in every frame of the page's current document, once per document: evaluating its
 * half-megabyte source is most of what a check costs. Every frame may answer the top one, as axe
 * needs to look inside a frame from another origin (a payment provider's).
 */
async function injectAxe(page: Page): Promise<void> {
  const inject = async (frame: Frame) => {
    if (await frame.evaluate(() => typeof window.axe !== 'undefined')) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => window.axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
  };
  await inject(page.mainFrame());
  for (const frame of page.frames().slice(1)) {
    // A frame that went away meanwhile (or never loaded) has nothing to check.
    await inject(frame).catch(() => undefined);
  }
}

/**
 * axe-core's serious and critical findings on the page as it is now (in `selector` alone when
 * given), each with up to three of its elements.
 */
export async function graveAxeViolations(page: Page, selector?: string): Promise<string[]> {
  await injectAxe(page);
  const { violations } = await page.evaluate(
    (within) => window.axe.run(within ?? document, { resultTypes: ['violations'] }),
    selector ?? null,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Records every layout shift the page makes from its next document on, as the browser reports it (what CLS adds up). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (see recordLayoutShifts), read after the next frame: shifts are reported after the frame that makes them. */
export async function layoutShifts(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}
