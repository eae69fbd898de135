import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

/**
 * A short hash of what a just-migrated embedded database is made of: the migrations, and PGlite's
 * version as the lockfile pins it (its files differ between versions). A copy of such a database
 * kept under this name is the same as a fresh one while the name is.
 */
export const MIGRATIONS_FINGERPRINT = (() => {
  const hash = createHash('sha256');
  const migrations = path.join(root, 'server', 'src', 'migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(path.join(migrations, name)));
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
})();
