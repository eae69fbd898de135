/** Timing for the benchmarks that call the built services directly: p50 and p99 of `iterations` calls one after another. */
import { performance } from 'node:perf_hooks';

/** A logger that keeps the benchmark's output to its figures (errors still show). */
export const quietLogger = { info() {}, warn() {}, error: console.error, debug() {}, child: () => quietLogger };

/** The nearest-rank `p`th percentile of `sorted` (ascending). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The nearest-rank `p`th percentile of `values` in any order, rounded to a whole number. */
export const roundedPercentile = (values, p) =>
  Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    ),
  );

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
