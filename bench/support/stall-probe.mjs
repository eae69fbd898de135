/**
 * Loaded into the shop's process by the stalls benchmark (NODE_OPTIONS=--import=<this file>):
 * writes what the process itself did to STALL_PROBE_FILE, one JSON line an event, each with its
 * wall-clock start (epoch ms) so the benchmark can lay it beside its requests:
 *   - every garbage collection: its kind, its duration and the heap it left (PerformanceObserver "gc");
 *   - every time the event loop came back late: a 5 ms timer that fired more than 15 ms late
 *     means the process was busy (or descheduled) for that long.
 * Nothing here changes how the shop serves; the file is written with appendFileSync in small
 * lines, off the request path's allocations.
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.STALL_PROBE_FILE;
// V8 flags to try on the shop's process (NODE_OPTIONS takes only a few of them), e.g. "--no-memory-reducer".
if (process.env.STALL_PROBE_V8_FLAGS) v8.setFlagsFromString(process.env.STALL_PROBE_V8_FLAGS);
if (file) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  const write = (event) => appendFileSync(file, `${JSON.stringify(event)}\n`);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      write({
        type: 'gc',
        kind: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
        start: performance.timeOrigin + entry.startTime,
        ms: +entry.duration.toFixed(2),
        // The heap as this collection left it (MiB), to tell a growing heap from a steady one.
        heapMiB: +(v8.getHeapStatistics().used_heap_size / 2 ** 20).toFixed(1),
      });
    }
  }).observe({ entryTypes: ['gc'] });

  // STALL_PROBE_GC_ONLY=1: collections only, no timer waking the process (the createOrder benchmark).
  if (process.env.STALL_PROBE_GC_ONLY !== '1') {
    const TICK_MS = 5;
    let expected = performance.now() + TICK_MS;
    const timer = setInterval(() => {
      const now = performance.now();
      const late = now - expected;
      if (late > 15) write({ type: 'loop-late', start: performance.timeOrigin + expected, ms: +late.toFixed(2) });
      expected = now + TICK_MS;
    }, TICK_MS);
    timer.unref();
  }
}
