/**
 * npm run migrate: brings the database the shop would open to the latest migration and exits.
 * DATABASE_URL's PostgreSQL server, for a one-shot compose service or a Kubernetes Job before
 * the app starts (the app also migrates at start-up, under the same lock, so running both is
 * safe); it needs nothing else from the configuration. Without DATABASE_URL, the embedded
 * database in DATA_DIR (stop the shop first: only one process may open it).
 */
import 'reflect-metadata';
import path from 'node:path';
import { createLogger, logLevelFromEnv } from '../common/logger';
import { loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

loadDotEnv();
const logger = createLogger(logLevelFromEnv(), { production: process.env.NODE_ENV === 'production' });

async function run(): Promise<void> {
  const url = process.env.DATABASE_URL || undefined;
  if (url) {
    const ran = await migrate({ url }, logger);
    logger.info('database is up to date', { ran: ran.length });
    return;
  }
  // Opening the embedded database migrates it, under its folder's lock.
  const config = loadConfig();
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite'), logger });
  await database.close();
  logger.info('database is up to date', { mode: 'pglite' });
}

run().catch((error: unknown) => {
  logger.error('migration failed', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
