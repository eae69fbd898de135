/**
 * Brings a PostgreSQL database to the latest migration, safely from any number of instances
 * at once: the first takes a session-level advisory lock and migrates; the others wait for
 * the lock, then find nothing left to do. Used at start-up and by `npm run migrate` (a
 * one-shot compose service or a Kubernetes Job), on its own short-lived connection, free of
 * the statement time limits the app's pool has.
 */
import { MigrationExecutor } from 'typeorm';
import type { Logger } from '../common/logger';
import { createDataSource, type DataSourceOptions } from './data-source';

/** The advisory lock's key: any 64-bit number no other code in this database uses. */
export const MIGRATION_LOCK_KEY = 7_264_380_115_001;

export async function migrate(options: Pick<DataSourceOptions, 'url' | 'host' | 'port'>, logger: Logger): Promise<string[]> {
  const dataSource = createDataSource({ ...options, poolSize: 1, timeouts: false, logger });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      // The same connection runs the migrations: the lock is held for exactly as long as they take.
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      const executed = await executor.executePendingMigrations();
      const names = executed.map((migration) => migration.name);
      if (names.length > 0) logger.info('migrations ran', { migrations: names });
      return names;
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}
