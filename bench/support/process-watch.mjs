/**
 * What a process itself did, as events each with its wall-clock start (epoch ms), so that a
 * benchmark can lay them beside its requests (`watchProcess`):
 *   - every garbage collection: its kind, its duration and the heap it left (PerformanceObserver "gc");
 *   - every time the event loop came back late: a 5 ms timer that fired more than 15 ms late
 *     means the process was busy (or descheduled) for that long;
 *   - with `requests`, every HTTP request the process served: when it arrived and how long it took
 *     until its response was handed to the socket (diagnostics_channel "http.server.request.start"
 *     and "http.server.response.finish", which a busy event loop hears late), so that a slow request as the benchmark saw it can be
 *     told from one the shop took long over.
 *
 * A benchmark watches its own process with it; stall-probe.mjs watches the shop's.
 */
import { subscribe } from 'node:diagnostics_channel';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import v8 from 'node:v8';

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/**
 * Hands `record` this process's events as they happen. `loop`: the 5 ms timer that notices a late
 * event loop (it wakes the process, so the createOrder benchmark leaves it out); `requests`: the
 * HTTP requests this process serves.
 */
export function watchProcess(record, { loop = true, requests = false } = {}) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      record({
        type: 'gc',
        kind: GC_KINDS[entry.detail?.kind] ?? String(entry.detail?.kind),
        start: performance.timeOrigin + entry.startTime,
        ms: +entry.duration.toFixed(2),
        // The heap as this collection left it (MiB), to tell a growing heap from a steady one.
        heapMiB: +(v8.getHeapStatistics().used_heap_size / 2 ** 20).toFixed(1),
      });
    }
  }).observe({ entryTypes: ['gc'] });

  if (loop) {
    const TICK_MS = 5;
    let expected = performance.now() + TICK_MS;
    const timer = setInterval(() => {
      const now = performance.now();
      const late = now - expected;
      if (late > 15) record({ type: 'loop-late', start: performance.timeOrigin + expected, ms: +late.toFixed(2) });
      expected = now + TICK_MS;
    }, TICK_MS);
    timer.unref();
  }

  if (requests) {
    const arrived = new WeakMap();
    // The path as it arrived: a router may rewrite `request.url` on the way.
    subscribe('http.server.request.start', ({ request }) => arrived.set(request, { at: performance.now(), path: request.url }));
    subscribe('http.server.response.finish', ({ request }) => {
      const { at, path } = arrived.get(request) ?? {};
      if (at === undefined) return;
      record({ type: 'request', path, start: performance.timeOrigin + at, ms: +(performance.now() - at).toFixed(2) });
    });
  }
}
