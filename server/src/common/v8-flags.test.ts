import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUFFER_ACCOUNTING_FLAG, v8FlagsFor } from './v8-flags';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..', '..');

/**
 * A process that holds a heap of objects, then receives 2 GB as uploads do: 3.2 MB at a time in
 * 64 KB Buffers, ten uploads held at once, each let go after. With `shopFlags` it first calls
 * the shop's `applyV8Flags`, as the shop does when it starts. Answers its full (mark-compact)
 * collections and the flags it set.
 */
async function fullCollectionsWhileReceiving(shopFlags: boolean): Promise<{ full: number; flags: string[] }> {
  const script = `
    const v8 = require('node:v8');
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    const flags = process.argv[1] === 'shop' ? require(${JSON.stringify(path.join(__dirname, 'v8-flags.ts'))}).applyV8Flags() : [];
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
      process.stdout.write(JSON.stringify({ full, flags, objects: heap.length }));
    })();
  `;
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', '-e', script, shopFlags ? 'shop' : 'none'], {
    cwd: root,
    env: { ...process.env, SWC_NODE_PROJECT: path.join(root, 'server', 'tsconfig.json') },
    timeout: 30_000,
  });
  return JSON.parse(stdout) as { full: number; flags: string[] };
}

describe('the V8 flags the shop sets', () => {
  it('count Buffers by what they hold on the V8 releases known to have the flag, and change nothing on others', () => {
    expect(v8FlagsFor('13.6.233.17-node.37')).toEqual([BUFFER_ACCOUNTING_FLAG]); // Node 24
    expect(v8FlagsFor('14.1.146.11-node.25')).toEqual([BUFFER_ACCOUNTING_FLAG]); // Node 25
    expect(v8FlagsFor('14.6.202.34-node.40')).toEqual([BUFFER_ACCOUNTING_FLAG]); // Node 26
    expect(v8FlagsFor('13.5.212.10')).toEqual([]);
    expect(v8FlagsFor('12.4.254.21-node.24')).toEqual([]); // Node 22
    expect(v8FlagsFor('14.7.1')).toEqual([]);
    expect(v8FlagsFor('')).toEqual([]);
  });

  it('leave the flag as the node command line gives it, either way', () => {
    const node24 = '13.6.233.17-node.37';
    expect(v8FlagsFor(node24, ['--liftoff-only'])).toEqual([BUFFER_ACCOUNTING_FLAG]);
    expect(v8FlagsFor(node24, ['--no-external-memory-accounted-in-global-limit'])).toEqual([]);
    expect(v8FlagsFor(node24, ['--no_external_memory_accounted_in_global_limit'])).toEqual([]);
    expect(v8FlagsFor(node24, [BUFFER_ACCOUNTING_FLAG])).toEqual([]);
  });

  it('are set exactly when the Node running them lists the flag', async () => {
    const { stdout } = await run(process.execPath, ['--v8-options'], { maxBuffer: 16 * 1024 * 1024 });
    const listed = stdout.includes(`  ${BUFFER_ACCOUNTING_FLAG} `);
    // The shop runs on Node 24 (package.json), which lists it.
    expect(listed).toBe(true);
    expect(v8FlagsFor(process.versions.v8)).toEqual(listed ? [BUFFER_ACCOUNTING_FLAG] : []);
  });

  it('keep short-lived upload Buffers from setting off full collections', async () => {
    const [without, withShopFlags] = await Promise.all([
      fullCollectionsWhileReceiving(false),
      fullCollectionsWhileReceiving(true),
    ]);
    expect(withShopFlags.flags).toEqual([BUFFER_ACCOUNTING_FLAG]);
    // V8's historic rule: a full collection every hundred MB received or so.
    expect(without.full).toBeGreaterThanOrEqual(12);
    expect(withShopFlags.full * 4).toBeLessThanOrEqual(without.full);
  }, 60_000);
});
