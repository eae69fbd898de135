/**
 * This machine's price for memory written for the first time, and what it does to V8's
 * young-generation collections: the figure behind the slow scavenges bench:stalls finds, so that
 * its results from different machines can be compared.
 *
 *   1. Touch: a fresh buffer of BENCH_TOUCH_MIB written once, then again (ms per MiB). The first
 *      write makes the kernel (and, on a virtual machine, the host) back every page.
 *   2. Young generation: a node process of its own, with V8's default settings, allocates
 *      short-lived objects while it keeps the newest of them alive, as a server keeps the requests it
 *      is serving; every scavenge's pause and the young generation's capacity after it are read from
 *      V8's own trace (--trace-gc-nvp). V8 doubles the capacity from 1 MiB to its largest as the
 *      process works, onto memory it has not touched before: the scavenges that double it are
 *      set against the others.
 *
 * Run:  npm run bench:first-touch
 * Env:  BENCH_TOUCH_MIB (256; 64 at least, so that every buffer is new memory), BENCH_LABEL (written into the result's name)
 * Out:  a table on stdout and bench/results/first-touch[-<label>].json
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { machineLine, runBench, writeResult } from './support/results.mjs';
import { median } from './support/timing.mjs';

const TOUCH_MIB = Number(process.env.BENCH_TOUCH_MIB ?? 256);
// Smaller buffers may come from memory the C library keeps for reuse, already touched.
if (!(TOUCH_MIB >= 64)) throw new Error('BENCH_TOUCH_MIB: 64 or more');
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const ROUNDS = 3;

/** Milliseconds per MiB to write a fresh buffer of `mib`, and to write it again. */
function touch(mib) {
  const buffer = Buffer.allocUnsafeSlow(mib * 2 ** 20);
  let start = performance.now();
  buffer.fill(1);
  const first = (performance.now() - start) / mib;
  start = performance.now();
  buffer.fill(2);
  const again = (performance.now() - start) / mib;
  return { first, again };
}

/**
 * The workload of part 2, run by its own node: 4 million objects of a few dozen bytes, the newest
 * 20,000 of them kept alive (about 2 MiB, as a server's requests in flight are).
 */
const YOUNG_WORKLOAD = `
  const newSpace = require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  console.log('initial_new_space_capacity=' + newSpace.space_size);
  const kept = new Array(20000);
  for (let i = 0; i < 4000000; i++) kept[i % kept.length] = { i, text: 'order ' + i, at: [i, i + 1] };
`;

/**
 * Every scavenge of the workload: its pause (ms) and whether it grew the young generation, and
 * to how many bytes. The capacity is followed through every collection V8 traces, from the one the
 * workload starts with.
 */
function youngGeneration() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--trace-gc-nvp', '-e', YOUNG_WORKLOAD], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the young-generation workload exited with ${code}`));
      const lines = out.split('\n').map((line) => Object.fromEntries(line.split(/\s+/).map((field) => field.split('='))));
      let capacity = Number(lines.find((fields) => fields.initial_new_space_capacity)?.initial_new_space_capacity);
      const scavenges = [];
      for (const fields of lines.filter((f) => f.gc)) {
        const after = Number(fields.new_space_capacity);
        if (fields.gc === 's') scavenges.push({ pauseMs: Number(fields.pause), grewTo: after > capacity ? after : null });
        capacity = after;
      }
      if (!scavenges.length || !Number.isFinite(capacity) || scavenges.some((x) => !Number.isFinite(x.pauseMs))) {
        return reject(new Error('no scavenge or capacity read from the trace: has --trace-gc-nvp changed its format?'));
      }
      resolve(scavenges);
    });
  });
}

async function main() {
  console.log(machineLine());
  const touches = [];
  for (let round = 0; round < ROUNDS; round++) touches.push(touch(TOUCH_MIB));
  const firstMsPerMiB = +median(touches.map((t) => t.first)).toFixed(3);
  const againMsPerMiB = +median(touches.map((t) => t.again)).toFixed(3);
  console.log(
    `touch: ${TOUCH_MIB} MiB written for the first time ${firstMsPerMiB} ms/MiB, again ${againMsPerMiB} ms/MiB (medians of ${ROUNDS})`,
  );

  // Each round in a new process: the pauses of the scavenges that grew the young generation, by
  // the size they grew it to, and those of the scavenges that kept its size.
  const grewTo = new Map();
  const others = [];
  let scavengeCount = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const scavenges = await youngGeneration();
    scavengeCount += scavenges.length;
    for (const { pauseMs, grewTo: bytes } of scavenges) {
      if (bytes === null) others.push(pauseMs);
      else grewTo.set(bytes / 2 ** 20, [...(grewTo.get(bytes / 2 ** 20) ?? []), pauseMs]);
    }
  }
  if (!others.length) throw new Error('every scavenge grew the young generation: the workload is too short to compare');
  const keptSize = { count: others.length, medianPauseMs: +median(others).toFixed(2), maxPauseMs: Math.max(...others) };
  const grew = [...grewTo]
    .sort(([a], [b]) => a - b)
    .map(([toMiB, pauses]) => ({ toMiB, count: pauses.length, medianPauseMs: +median(pauses).toFixed(2) }));
  console.log(
    `young generation (${ROUNDS} processes, ${scavengeCount} scavenges): the ${keptSize.count} that kept its size paused ${keptSize.medianPauseMs} ms (median), at most ${keptSize.maxPauseMs} ms`,
  );
  for (const g of grew) console.log(`  grew it to ${g.toMiB} MiB: ${g.medianPauseMs} ms (median of ${g.count})`);

  writeResult(`first-touch${LABEL}`, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    touch: { mib: TOUCH_MIB, rounds: ROUNDS, firstMsPerMiB, againMsPerMiB },
    youngGeneration: { processes: ROUNDS, scavenges: scavengeCount, keptSize, grew },
  });
}

runBench(main);
