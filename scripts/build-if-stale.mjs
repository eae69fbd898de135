// Builds the server and the client only when what they are built from has changed since their
// last build, so that `npm start` with nothing changed starts at once. Each build leaves a stamp
// beside its output (`server/dist/.build-stamp`, `client/dist/.build-stamp`): a SHA-256 over the
// paths and contents of its inputs. A missing or different stamp means build.
//
//   node scripts/build-if-stale.mjs           build what is stale, then stamp it (npm start)
//   node scripts/build-if-stale.mjs server    the server only (npm run migrate, npm run admin:create)
//   node scripts/build-if-stale.mjs --stamp   stamp both as built (after `npm run build`; with
//                                             `server` or `client`, that one after its own build)
//
// `npm run build` always builds everything.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-graphiql',
  'prerender-dist',
  '.vite',
  'coverage',
  'test-results',
  'playwright-report',
]);

// The lockfile and the root manifest decide the tools' versions; the client's build may read the
// server's code (shared types, the catalogue) and build helpers from scripts/.
const shared = ['package.json', 'package-lock.json'];
const allTargets = [
  { name: 'server', inputs: [...shared, 'server'] },
  { name: 'client', inputs: [...shared, 'client', 'server/src', 'scripts', 'schema.graphql'] },
];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const targets = named.length === 0 ? allTargets : allTargets.filter((target) => named.includes(target.name));

/** Every file under `rel` (a file or a folder), as sorted repository-relative paths. */
function files(rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  const out = [];
  const walk = (dir, relDir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const relPath = path.posix.join(relDir, entry.name);
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
      else if (entry.isFile()) out.push(relPath);
    }
  };
  if (statSync(abs).isDirectory()) walk(abs, rel);
  else out.push(rel);
  return out;
}

function inputsHash(target) {
  const hash = createHash('sha256');
  const all = [...new Set(target.inputs.flatMap(files))].sort();
  for (const rel of all) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  // Vite bakes VITE_* variables into the client.
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith('VITE_')) hash.update(`${key}=${value}\0`);
  }
  return hash.digest('hex');
}

const stampFile = (target) => path.join(root, target.name, 'dist', '.build-stamp');

function readStamp(target) {
  try {
    return readFileSync(stampFile(target), 'utf8').trim();
  } catch {
    return null;
  }
}

function build(target) {
  const before = inputsHash(target);
  console.log(`Building the ${target.name} (its sources changed since the last build)...`);
  execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: 'inherit' });
  // The hash from before the build: an edit made while it ran is built next time.
  writeFileSync(stampFile(target), `${before}\n`);
}

if (process.argv.includes('--stamp')) {
  for (const target of targets) writeFileSync(stampFile(target), `${inputsHash(target)}\n`);
} else {
  for (const target of targets) {
    if (readStamp(target) === inputsHash(target)) console.log(`The ${target.name} is up to date (${target.name}/dist).`);
    else build(target);
  }
}
