/**
 * The built shop (server/dist, client/dist) run as a process of its own beside the e2e server,
 * for the browser tests of what needs other settings: as production runs it (NODE_ENV=production
 * with made-up Stripe keys; nothing here reaches Stripe), or in development with a print partner.
 * On a copy of a just-migrated embedded database in a temporary data folder, on a free loopback port.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS_FINGERPRINT } from '../../support/migrations-fingerprint';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * The embedded database as `npm run migrate` leaves it in an empty data folder, made once per set
 * of migrations (and PGlite version) and kept in the system's temporary folder. A fresh database
 * spends some 6 s of CPU in initdb and the migrations: each shop below starts on a copy of this
 * one instead, the same database without that wait. Made aside and renamed into place, so a shop
 * never copies half of one; when several make it at once, the first rename wins.
 */
async function migratedDatabase(): Promise<string> {
  const kept = path.join(os.tmpdir(), `storybook-e2e-pglite-${MIGRATIONS_FINGERPRINT}`);
  if (existsSync(kept)) return kept;
  const making = mkdtempSync(path.join(os.tmpdir(), 'storybook-e2e-pglite-making-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ALLOW_EMBEDDED_DB: 'true',
    DATA_DIR: making,
    ENV_FILE: 'none',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  try {
    await promisify(execFile)(process.execPath, [path.join(root, 'server', 'dist', 'scripts', 'migrate.js')], { env });
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

export interface ProductionShop {
  /** The port it listens on (127.0.0.1). */
  port: number;
  stop(): Promise<void>;
}

export async function startProductionShop(env: Record<string, string>): Promise<ProductionShop> {
  return startShop({
    NODE_ENV: 'production',
    SESSION_SECRET: 'e2e-session-secret-'.padEnd(64, 's'),
    MEDIA_SECRET: 'e2e-media-secret-'.padEnd(64, 'm'),
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    ...env,
  });
}

/** The shop with `env` on top of a just-migrated embedded database, a temporary data folder and a free port. */
export async function startShop(env: Record<string, string>): Promise<ProductionShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-e2e-shop-'));
  cpSync(await migratedDatabase(), path.join(dataDir, 'pglite'), { recursive: true });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ALLOW_EMBEDDED_DB: 'true',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ENV_FILE: 'none',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  const child = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], { env: childEnv });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /"msg":"storybook shop listening","url":"http:\/\/[^:]+:(\d+)"/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the production shop exited with ${code}:\n${output}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
