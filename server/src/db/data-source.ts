import type pg from 'pg';
import { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { migrations } from '../migrations';
import { PgClient, type PgClientConfig } from './pg-client';
import { entities } from './entities';
import { SLOW_QUERY_MS, TypeOrmLogger } from './typeorm-logger';

export interface DataSourceOptions {
  /** A postgres:// URL, or connection parts for the embedded PGlite socket. */
  url?: string;
  host?: string;
  port?: number;
  /** One connection for PGlite, which runs one session at a time. */
  poolSize?: number;
  /**
   * The embedded database (PGlite on its socket): it serves every connection from its one
   * session, which outlives the connection. Each new connection starts with `DISCARD ALL`, or it
   * would find what the last one left there: its prepared statements (which pg, knowing none,
   * would prepare again and fail on) and its settings.
   */
  embedded?: boolean;
  /** For a PostgreSQL server (`url`); false for migrations, which may take as long as they need. */
  timeouts?: boolean;
  /** Where TypeORM's own messages go (failed and slow queries, migrations); unset: errors on the console (the TypeORM CLI). */
  logger?: Logger;
}

/**
 * A database that stops answering (a dropped network, a stuck lock) must fail requests
 * quickly rather than hang them: a connection must be made within 5 s, a statement may run
 * 15 s, and a transaction may sit idle 30 s before the server ends it.
 */
export const DATABASE_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  // pg's query_timeout, kept by the shop's client (pg-client.ts says why).
  readTimeoutMs: 20_000,
  idle_in_transaction_session_timeout: 30_000,
} as const satisfies PgClientConfig;

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    host: options.host,
    port: options.port,
    username: options.url ? undefined : 'postgres',
    database: options.url ? undefined : 'postgres',
    entities,
    migrations,
    migrationsTransactionMode: 'each',
    synchronize: false,
    ...(options.logger
      ? { logger: new TypeOrmLogger(options.logger), logging: 'all' as const, maxQueryExecutionTime: SLOW_QUERY_MS }
      : { logging: ['error' as const] }),
    extra: {
      // The pool's connections: the shop's pg client (pg-client.ts says how it differs).
      Client: PgClient,
      max: options.poolSize ?? 10,
      keepAlive: true,
      // The embedded database runs in this process: no network to drop, and its one connection is
      // queued for, which a connection timeout would turn into errors under load.
      ...(options.url && options.timeouts !== false ? DATABASE_TIMEOUTS : {}),
      // pg-pool runs this on a new connection before handing it out; when it fails, the connection
      // is ended and the query that asked for it fails.
      ...(options.embedded ? { onConnect: (client: pg.ClientBase) => client.query('DISCARD ALL') } : {}),
    },
  });
}
