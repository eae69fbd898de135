/**
 * npm run migrate: brings DATABASE_URL's database to the latest migration and exits. For a
 * one-shot compose service or a Kubernetes Job before the app starts; the app also migrates
 * at start-up, under the same lock, so running both is safe.
 */
import 'reflect-metadata';
import { createLogger, logLevelFromEnv } from '../common/logger';
import { migrate } from '../db/migrate';

const logger = createLogger(logLevelFromEnv(), { production: process.env.NODE_ENV === 'production' });

async function run(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'Set DATABASE_URL: `npm run migrate` migrates a PostgreSQL server (the embedded database migrates itself at start).',
    );
  const ran = await migrate({ url }, logger);
  logger.info('database is up to date', { ran: ran.length });
}

run().catch((error: unknown) => {
  logger.error('migration failed', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
