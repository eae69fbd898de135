// What every benchmark does last: write its figures to bench/results/, and exit with its outcome.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The line a benchmark's output starts with: the Node.js, the cores and the load it ran under. */
export function machineLine() {
  const load = os.loadavg().map((l) => l.toFixed(2));
  return `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, load average ${load.join(' ')}`;
}

/** Writes `data` as bench/results/<name>.json and says where. */
export function writeResult(name, data) {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`written: ${path.relative(path.dirname(benchDir), file)}`);
}

/** Runs the benchmark, then exits: 0 when it finished, 1 (with the error) when it failed. */
export function runBench(main) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
