/**
 * The TypeORM DataSource for the CLI, against the PostgreSQL server in DATABASE_URL:
 *   DATABASE_URL=postgres://... npm run typeorm -- migration:show
 *   DATABASE_URL=postgres://... npm run typeorm -- migration:generate server/src/migrations/AddSomething
 * The app itself (embedded PGlite or DATABASE_URL) runs pending migrations at start-up.
 */
import 'reflect-metadata';
import { createDataSource } from './server/src/db/data-source';

const url = process.env.DATABASE_URL;
if (!url) {
  throw new Error('Set DATABASE_URL for the TypeORM CLI. The embedded database is migrated by `npm start` itself.');
}

export default createDataSource({ url });
