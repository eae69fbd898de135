/** Timing for the benchmarks: p50 and p99 of calls to the built services one after another, and a time taken in a browser page. */
import { performance } from 'node:perf_hooks';

/** A logger that keeps the benchmark's output to its figures (errors still show). */
export const quietLogger = { info() {}, warn() {}, error: console.error, debug() {}, child: () => quietLogger };

/** The nearest-rank `p`th percentile of `sorted` (ascending). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The median of `values` in any order (the mean of the middle two when there is an even number). */
export function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The nearest-rank `p`th percentile of `values` in any order, rounded to a whole number. */
export const roundedPercentile = (values, p) =>
  Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    ),
  );

/**
 * Milliseconds from a page's navigation to the first frame at which `check` answers a time: `check`
 * runs in the page at every frame (a locator's wait looks again only every half second after its
 * first tries, which would round a figure up by as much) and answers `performance.now()` once what
 * it waits for is there, false until then. It is sent to the page as a function (the shop's CSP
 * refuses a string to evaluate), so it uses nothing from outside its body.
 */
export async function timeInPage(page, check) {
  const handle = await page.waitForFunction(check, undefined, { polling: 'raf', timeout: 120_000 });
  return Math.round(await handle.jsonValue());
}

export async function timed(fn, { iterations, warmUp = 5 }) {
  for (let i = 0; i < warmUp; i++) await fn();
  const ms = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const pct = (p) => +percentile(ms, p).toFixed(2);
  return { p50: pct(50), p99: pct(99), iterations };
}
