/**
 * TypeORM's logger, routed into the shop's JSON log: failed and slow queries as warnings,
 * every query at debug, migrations at info. Query parameters are never logged: they hold what
 * parents typed (names, e-mail and postal addresses).
 */
import type { Logger as TypeOrmLoggerInterface } from 'typeorm';
import type { Logger } from '../common/logger';

/** A query slower than this is logged as a warning. */
export const SLOW_QUERY_MS = 1_000;
/** SQL is cut here in the log: the statement's shape is what tells, not the whole of a long one. */
const MAX_SQL_LENGTH = 2_000;

const sql = (query: string) => (query.length > MAX_SQL_LENGTH ? `${query.slice(0, MAX_SQL_LENGTH)}...` : query);

function parameterCount(parameters: unknown): number | undefined {
  if (Array.isArray(parameters)) return parameters.length;
  return parameters && typeof parameters === 'object' ? Object.keys(parameters).length : undefined;
}

export class TypeOrmLogger implements TypeOrmLoggerInterface {
  constructor(private readonly logger: Logger) {}

  logQuery(query: string, parameters?: unknown[] | object): void {
    this.logger.debug('database query', { query: sql(query), parameters: parameterCount(parameters) });
  }

  logQueryError(error: string | Error, query: string, parameters?: unknown[] | object): void {
    // The caller gets the error too and decides what it means; an expected conflict is not an error here.
    this.logger.warn('database query failed', {
      error: typeof error === 'string' ? error : { message: error.message, code: (error as { code?: unknown }).code },
      query: sql(query),
      parameters: parameterCount(parameters),
    });
  }

  logQuerySlow(time: number, query: string, parameters?: unknown[] | object): void {
    this.logger.warn('slow database query', { durationMs: time, query: sql(query), parameters: parameterCount(parameters) });
  }

  logSchemaBuild(message: string): void {
    this.logger.debug('database schema', { detail: message });
  }

  logMigration(message: string): void {
    this.logger.info('database migration', { detail: message });
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const detail = message instanceof Error ? message : String(message);
    if (level === 'warn') this.logger.warn('database warning', { detail });
    else this.logger.debug('database', { detail });
  }
}
