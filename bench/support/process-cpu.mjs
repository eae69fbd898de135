// A process's CPU time, read from Linux's /proc: what a benchmark reports per order or per request.
import { readFileSync } from 'node:fs';

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
