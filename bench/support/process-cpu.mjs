// A process's CPU time, read from Linux's /proc: what a benchmark reports per order or per request.
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times

/** utime + stime, in seconds, from a /proc stat file (a process's or one of its threads'). */
export function statCpuSeconds(statFile) {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** The CPU seconds process `pid` has used so far. */
export function cpuSeconds(pid) {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/** Which part of a Node.js process a thread works for, by its name (/proc/<pid>/task/<tid>/comm). */
const THREAD_GROUPS = [
  ['main', /^(MainThread|node)$/],
  ['libvips', /^libvips worker/], // sharp's image work
  ['libuv', /^libuv-worker/], // the thread pool: sharp drives each pipeline and encodes there, and fs
  ['v8Helpers', /^V8Worker/], // concurrent marking, sweeping, compiling
];

/** The parts `threadCpuDelta` reports, in that order: THREAD_GROUPS', the rest, and ended threads'. */
export const THREAD_PARTS = [...THREAD_GROUPS.map(([part]) => part), 'other', 'ended'];

/**
 * CPU seconds of process `pid` so far: `total`, the process's own count, and `threads`, each live
 * thread's (by id) with the part it works for (THREAD_GROUPS, else `other`). Two readings make a
 * breakdown with `threadCpuDelta`.
 */
export function threadCpuSeconds(pid) {
  const threads = new Map();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      const group = THREAD_GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
      threads.set(task, { group, seconds: statCpuSeconds(`/proc/${pid}/task/${task}/stat`) });
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return { total: cpuSeconds(pid), threads };
}

/**
 * What each part of the process used between two readings of `threadCpuSeconds`, in seconds,
 * with `total`; `ended` is what threads gone by the second reading used meanwhile (the total's
 * growth that no live thread accounts for): their part cannot be told any more.
 */
export function threadCpuDelta(before, after) {
  const delta = Object.fromEntries(THREAD_PARTS.filter((part) => part !== 'ended').map((part) => [part, 0]));
  for (const [task, { group, seconds }] of after.threads) {
    const prior = before.threads.get(task);
    // A thread born meanwhile started at 0 (as does one whose id was given again to a new thread).
    delta[group] += prior && prior.group === group && prior.seconds <= seconds ? seconds - prior.seconds : seconds;
  }
  const live = Object.values(delta).reduce((sum, seconds) => sum + seconds, 0);
  return { ...delta, ended: Math.max(0, after.total - before.total - live), total: after.total - before.total };
}
