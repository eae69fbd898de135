/**
 * Loaded into the shop's process by the stalls and createOrder benchmarks
 * (NODE_OPTIONS=--import=<this file>): writes what the process does (process-watch.mjs) to
 * STALL_PROBE_FILE, one JSON line an event, each written with appendFileSync as it happens.
 *   - STALL_PROBE_GC_ONLY=1 (the createOrder benchmark): garbage collections only; nothing is
 *     done per request, and no timer wakes the process.
 *   - Otherwise (the stalls benchmark) also the late event loop (a 5 ms timer) and every request;
 *     a request costs the shop a diagnostics message, a WeakMap entry and a small synchronous
 *     write after its response is sent.
 *   - STALL_PROBE_V8_FLAGS: V8 flags to try on the shop's process (NODE_OPTIONS takes only a few of
 *     them), e.g. "--no-memory-reducer".
 */
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';
import { watchProcess } from './process-watch.mjs';

const file = process.env.STALL_PROBE_FILE;
if (process.env.STALL_PROBE_V8_FLAGS) v8.setFlagsFromString(process.env.STALL_PROBE_V8_FLAGS);
if (file) {
  const gcOnly = process.env.STALL_PROBE_GC_ONLY === '1';
  watchProcess((event) => appendFileSync(file, `${JSON.stringify(event)}\n`), { loop: !gcOnly, requests: !gcOnly });
}
