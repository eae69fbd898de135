/**
 * The embedded database as `npm run migrate` leaves it in an empty data folder, made once per set
 * of migrations (and PGlite version) and kept in the system's temporary folder. A fresh database
 * spends some 5 s of CPU in initdb and the migrations: a test whose subject is not the set-up
 * starts its shop or command on a copy of this one instead, the same database without that wait.
 * Made aside and renamed into place, so nothing ever copies half of one; when several make it at
 * once, the first rename wins.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS_FINGERPRINT } from './migrations-fingerprint';

const root = path.resolve(__dirname, '..', '..');

/** This process's answer, asked for once however many of its tests ask at a time. */
let ready: Promise<string> | undefined;

function migratedDatabase(): Promise<string> {
  ready ??= makeMigratedDatabase().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

async function makeMigratedDatabase(): Promise<string> {
  const kept = path.join(os.tmpdir(), `storybook-test-pglite-folder-${MIGRATIONS_FINGERPRINT}`);
  if (existsSync(kept)) return kept;
  const making = mkdtempSync(path.join(os.tmpdir(), 'storybook-test-pglite-making-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: making, ENV_FILE: 'none', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  delete env.NODE_ENV;
  try {
    // The operator's command (it builds the server first when its sources changed).
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'server-script.mjs'), 'migrate'], { env });
    try {
      renameSync(path.join(making, 'pglite'), kept);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
    }
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return kept;
}

/** Puts a copy of the just-migrated embedded database in `dataDir`, where the shop opens it. */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  cpSync(await migratedDatabase(), path.join(dataDir, 'pglite'), { recursive: true });
}
