import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { applyHeapSettings, BUFFER_ACCOUNTING_FLAG, heapFlagsFor } from './heap-settings';

const run = promisify(execFile);

/**
 * A process that sets `flags` as the shop does, holds a heap of objects, then receives 2 GB as
 * uploads do: 3.2 MB at a time in 64 KB Buffers, ten uploads held at once, each let go after.
 * Answers its full (mark-compact) collections.
 */
async function fullCollectionsWhileReceiving(flags: string[]): Promise<number> {
  const script = `
    const v8 = require('node:v8');
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    for (const flag of JSON.parse(process.argv[1])) v8.setFlagsFromString(flag);
    let full = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    }).observe({ entryTypes: ['gc'] });
    const heap = Array.from({ length: 300000 }, (_, i) => ({ i, name: 'order ' + i, lines: [i] }));
    const held = [];
    let received = 0;
    (async () => {
      while (received < 2e9) {
        const upload = [];
        for (let piece = 0; piece < 50; piece++) {
          const chunk = Buffer.allocUnsafeSlow(65536);
          chunk[0] = 1;
          upload.push(chunk);
          received += chunk.length;
        }
        held.push(upload);
        if (held.length > 10) held.shift();
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.stdout.write(JSON.stringify({ full, objects: heap.length }));
    })();
  `;
  const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(flags)], { timeout: 60_000 });
  return (JSON.parse(stdout) as { full: number }).full;
}

describe('heap settings', () => {
  it('count Buffers by what they hold on the V8 releases that can, and change nothing on older ones', () => {
    expect(heapFlagsFor('13.6.233.17-node.37')).toEqual([BUFFER_ACCOUNTING_FLAG]); // Node 24
    expect(heapFlagsFor('14.6.202.34-node.40')).toEqual([BUFFER_ACCOUNTING_FLAG]); // Node 26
    expect(heapFlagsFor('15.0.1')).toEqual([BUFFER_ACCOUNTING_FLAG]);
    expect(heapFlagsFor('13.5.212.10')).toEqual([]);
    expect(heapFlagsFor('12.4.254.21-node.24')).toEqual([]); // Node 22
    expect(heapFlagsFor('')).toEqual([]);
  });

  it('are set in the process, each once', () => {
    const set: string[] = [];
    expect(applyHeapSettings('13.6.233.17-node.37', (flag) => set.push(flag))).toEqual([BUFFER_ACCOUNTING_FLAG]);
    expect(set).toEqual([BUFFER_ACCOUNTING_FLAG]);
    set.length = 0;
    expect(applyHeapSettings('12.4.254.21-node.24', (flag) => set.push(flag))).toEqual([]);
    expect(set).toEqual([]);
  });

  it('keep short-lived upload Buffers from setting off full collections on the Node the shop runs on', async () => {
    const flags = heapFlagsFor(process.versions.v8);
    expect(flags).not.toEqual([]);
    const [without, withSettings] = await Promise.all([fullCollectionsWhileReceiving([]), fullCollectionsWhileReceiving(flags)]);
    // V8's historic rule: a full collection every hundred MB received or so.
    expect(without).toBeGreaterThanOrEqual(12);
    expect(withSettings * 4).toBeLessThanOrEqual(without);
  }, 60_000);
});
