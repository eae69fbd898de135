import { DataSource } from 'typeorm';
import { migrations } from '../migrations';
import { entities } from './entities';

export interface DataSourceOptions {
  /** A postgres:// URL, or connection parts for the embedded PGlite socket. */
  url?: string;
  host?: string;
  port?: number;
  /** One connection for PGlite, which runs one session at a time. */
  poolSize?: number;
}

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
    logging: ['error'],
    extra: { max: options.poolSize ?? 10 },
  });
}
