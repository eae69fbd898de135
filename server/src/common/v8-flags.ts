/**
 * V8 flags the shop sets as it starts: how V8 decides when to run a full (mark-compact)
 * collection.
 *
 * Buffers hold their bytes outside V8's heap. Node's HTTP parser copies a request's body into a
 * new Buffer for every piece it reads, so a phone's 3.4 MB photo arrives as about 50 Buffers,
 * all gone once its order is stored. V8's historic rule (its `heap.h` calls it that, TODO
 * chromium:42203776) adds the Buffer bytes allocated since the last full collection to the old
 * generation's size, and starts a full collection when that passes the old generation's limit.
 * That limit is sized for JavaScript objects: on the benchmark's machine, about 40 MB above a
 * heap of under 40 MB. So the shop ran a full collection every five phone orders or so, each
 * marking the whole heap to free little of it (`--trace-gc`, `--trace-incremental-marking`).
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
 * The V8 releases whose `node --v8-options` were seen to list the flag: 13.6 (Node 24), 14.1
 * (Node 25) and 14.6 (Node 26); 12.4 (Node 22) does not. Another V8 runs as it always has (one
 * that no longer has the flag would print an error for it at every start): v8-flags.test.ts
 * fails when the Node that runs the tests lists the flag and this range leaves it out.
 */
const release = (major: number, minor: number) => major * 1000 + minor;
const FIRST = release(13, 6);
const LAST = release(14, 6);

/**
 * The flags the shop sets on V8 `version` (as in `process.versions.v8`). None when `execArgv`
 * (the node command line) already names the flag, either way: `node
 * --no-external-memory-accounted-in-global-limit server/dist/main.js` keeps V8's historic rule.
 */
export function v8FlagsFor(version: string, execArgv: readonly string[] = []): string[] {
  const name = BUFFER_ACCOUNTING_FLAG.slice(2);
  const normalised = execArgv.map((arg) => arg.replaceAll('_', '-'));
  if (normalised.some((arg) => arg === `--${name}` || arg === `--no-${name}`)) return [];
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const ofVersion = release(major, minor);
  return ofVersion >= FIRST && ofVersion <= LAST ? [BUFFER_ACCOUNTING_FLAG] : [];
}

/**
 * Sets them in this process; V8 follows them from its next collection on. Answers the flags set,
 * for the start-up log.
 */
export function applyV8Flags(): string[] {
  const flags = v8FlagsFor(process.versions.v8, process.execArgv);
  for (const flag of flags) v8.setFlagsFromString(flag);
  return flags;
}
