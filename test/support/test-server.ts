/**
 * Starts the real app on a random loopback port for one test file: on an in-memory PGlite,
 * or, when DATABASE_URL is set, on a fresh database of that PostgreSQL server (made for the
 * file and dropped after), with its own temporary data folder.
 */
import { existsSync, linkSync, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import type { DataSource } from 'typeorm';
import { type App, createApp } from '../../server/src/app';
import { usePasswordCostForTests } from '../../server/src/admin/password';
import { createLogger } from '../../server/src/common/logger';
import { type Config, loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { MIGRATIONS_FINGERPRINT } from './migrations-fingerprint';

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  dataSource: DataSource;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServerOptions {
  /** Where the app's log lines go (a test reads them); LOG_LEVEL in `env` says which. Default: the console, silent unless TEST_LOG_LEVEL. */
  logDestination?: DestinationStream;
}

/**
 * API tests sign in a great deal: they hash at 2^11 (a few milliseconds; 2^15 took 180 ms a hash,
 * minutes of a run). server/src/admin/password.test.ts checks the production cost itself, and
 * admin-auth.test.ts raises the cost above the old 2^14 for its test of upgrading an old hash.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 11, r: 8, p: 1 };

/**
 * A fresh PGlite spends most of its start in initdb: the first test file of a run (per set of
 * migrations and PGlite version) keeps its just-migrated database as a tarball in the system's
 * temporary folder, and later files start from it.
 */
const SNAPSHOT_FILE = path.join(os.tmpdir(), `storybook-test-pglite-${MIGRATIONS_FINGERPRINT}.tar`);

/**
 * The snapshot as a Blob read from its file while PGlite loads it, not copied into memory first:
 * a third less time for each start from it. Such a Blob can be read only while its file is
 * unchanged, which saveMigratedSnapshot ensures.
 */
async function readMigratedSnapshot(): Promise<Blob | undefined> {
  return existsSync(SNAPSHOT_FILE) ? openAsBlob(SNAPSHOT_FILE) : undefined;
}

async function saveMigratedSnapshot(database: { dump?(): Promise<Blob> }): Promise<void> {
  if (!database.dump) return;
  const bytes = Buffer.from(await (await database.dump()).arrayBuffer());
  // Written whole under a name of its own, then linked into place unless a file that started at
  // the same moment got there first: no file ever reads half of it, and once there it never changes.
  const partial = `${SNAPSHOT_FILE}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  try {
    linkSync(partial, SNAPSHOT_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  usePasswordCostForTests(TEST_PASSWORD_COST);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storybook-test-'));
  const pgDatabase = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    // As long as production wants them (32 bytes), so a test may run the app as production.
    SESSION_SECRET: 'test-session-secret-of-at-least-32-bytes',
    MEDIA_SECRET: 'test-media-secret-of-at-least-32-bytes',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    // Every request of a test file comes from 127.0.0.1: the per-client limits would refuse
    // the eleventh order. The tests of the limits turn them on (RATE_LIMITS: 'on').
    RATE_LIMITS: 'off',
    // The in-memory database is this file's alone, so production may run on it here.
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : { ALLOW_EMBEDDED_DB: 'true' }),
    ...env,
  });
  const logger = createLogger(config.logLevel, { production: config.isProduction, destination: options.logDestination });
  const snapshot = config.databaseUrl ? undefined : await readMigratedSnapshot();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: 'memory://',
    pgliteSnapshot: snapshot,
    logger,
  });
  if (!config.databaseUrl && !snapshot) await saveMigratedSnapshot(database);
  const app = await createApp({ config, dataSource: database.dataSource, logger });
  const url = await app.listen(0, '127.0.0.1');
  return {
    url,
    app,
    config,
    dataSource: database.dataSource,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
