// npm run migrate, npm run admin:create: runs one of the server's compiled scripts
// (server/dist/scripts/<name>.js) with the arguments given, the same command in a checkout and in
// the production image. In a checkout (the server's sources and TypeScript are there) the server
// is built first when its sources changed since its last build (scripts/build-if-stale.mjs); the
// image has it compiled, and neither the sources nor a compiler.
//
//   node scripts/server-script.mjs create-admin --email you@example.com
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  console.error('Usage: node scripts/server-script.mjs <script> [arguments], e.g. create-admin --email you@example.com');
  process.exit(2);
}

function canBuild() {
  if (!existsSync(path.join(root, 'server', 'src'))) return false;
  try {
    createRequire(import.meta.url).resolve('typescript');
    return true;
  } catch {
    return false;
  }
}

const checkout = canBuild();
if (checkout) {
  // The build's progress goes to stderr: what the script prints (a generated password) stays alone on stdout.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs'), 'server'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const script = path.join(root, 'server', 'dist', 'scripts', `${name}.js`);
if (!existsSync(script)) {
  console.error(`${path.relative(root, script)} is missing: build the server first (npm run build -w server).`);
  process.exit(1);
}
// In a checkout, --liftoff-only: the embedded database is WebAssembly, and V8 compiles the functions
// it finds hot a second time, optimised, on a background thread; a process does not exit before that
// is done. The commands a developer and the tests run take seconds, never gain from the optimised
// code, and waited up to 2 s of CPU for it at their exit (admin:create on a migrated database: 4.1 s
// before, 2.5 s after; migrate on an empty folder: 7.6-8.0 s, 6.0-6.3 s). The production image keeps
// V8's default: the flag is V8's own, meant for testing, and a migration there may run long.
const v8Flags = checkout ? ['--liftoff-only'] : [];
const { status, signal } = spawnSync(process.execPath, [...v8Flags, script, ...args], { stdio: 'inherit' });
if (signal) process.kill(process.pid, signal);
process.exit(status ?? 1);
