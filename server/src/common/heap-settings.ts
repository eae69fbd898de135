/**
 * How V8 decides when to run a full (mark-compact) collection, set once at the start.
 *
 * Buffers hold their bytes outside V8's heap. Node's HTTP parser copies a request's body into a
 * new Buffer for every piece it reads, so a phone's 3.4 MB photo arrives as about 50 Buffers,
 * all gone once its order is stored. V8's historic rule (its `heap.h` calls it that, TODO
 * chromium:42203776) adds the Buffer bytes allocated since the last full collection to the old
 * generation's size, and starts a full collection when that passes the old generation's limit.
 * That limit is sized for JavaScript objects: here about 40 MB above a heap of under 40 MB. So
 * the shop ran a full collection every five phone orders or so, each marking the whole heap to
 * free next to nothing in it (`--trace-gc`, `--trace-incremental-marking`).
 *
 * `--external-memory-accounted-in-global-limit` counts Buffer bytes in the global limit instead,
 * whose share for them grows with what Buffers held at the last collection. Memory stays
 * bounded: V8 still collects when the heap and the Buffers together reach that limit, and at
 * once when Buffers pass its hard limit. bench/create-order.bench.mjs reports full collections
 * per 100 orders and the server's peak memory.
 */
import v8 from 'node:v8';

export const BUFFER_ACCOUNTING_FLAG = '--external-memory-accounted-in-global-limit';

/**
 * The V8 releases known to have the flag: 13.6 (Node 24), 14.1 (Node 25) and 14.6 (Node 26)
 * list it in `node --v8-options`; 12.4 (Node 22) does not. An older V8 runs as it always has.
 */
const FIRST_WITH_FLAG = [13, 6] as const;

/** The V8 settings the shop runs with on V8 `version` (as in `process.versions.v8`). */
export function heapFlagsFor(version: string): string[] {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const known = major > FIRST_WITH_FLAG[0] || (major === FIRST_WITH_FLAG[0] && minor >= FIRST_WITH_FLAG[1]);
  return known ? [BUFFER_ACCOUNTING_FLAG] : [];
}

/**
 * Sets them in this process, before it allocates much: the next limits V8 computes follow them.
 * Answers the flags set.
 */
export function applyHeapSettings(
  version: string = process.versions.v8,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
): string[] {
  const flags = heapFlagsFor(version);
  for (const flag of flags) setFlags(flag);
  return flags;
}
