/**
 * The built shop (server/dist, client/dist) run as a process of its own beside the e2e server,
 * for the browser tests of what needs other settings: as production runs it (NODE_ENV=production
 * with made-up Stripe keys; nothing here reaches Stripe), or in development with a print partner.
 * On a copy of a just-migrated embedded database in a temporary data folder, on a free loopback port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyMigratedDatabase } from '../../support/migrated-pglite';

const root = path.resolve(__dirname, '..', '..', '..');

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
  await copyMigratedDatabase(dataDir);
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
  // --liftoff-only: as the API tests' shops (test/support/shop-process.ts); one lives for a file's tests.
  const child = spawn(process.execPath, ['--liftoff-only', path.join(root, 'server', 'dist', 'main.js')], { env: childEnv });
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
