// One short connection to a PostgreSQL server, for the benchmarks' CREATE/DROP DATABASE and version checks.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `fn` with a client connected to `connectionString`, and closes it whatever happens. */
export async function adminQuery(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined); // reported through the failing query instead
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `url` on its server's maintenance database, `postgres`, as `createdb` connects by default: the
 * database a benchmark's DATABASE_URL names only says which server to use, and need not exist
 * (the benchmarks' examples name `/x`).
 */
function maintenanceUrl(url) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  return maintenance.toString();
}

/**
 * A throw-away database `bench_<random>` on the server of `serverUrl`: its name, its URL, the
 * server's version, and `drop()` to remove it (closing whatever is still connected).
 */
export async function createBenchDatabase(serverUrl) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const adminUrl = maintenanceUrl(serverUrl);
  const version = await adminQuery(adminUrl, async (client) => {
    const serverVersion = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.query(`CREATE DATABASE "${name}"`);
    return serverVersion;
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    version,
    drop: () => adminQuery(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
