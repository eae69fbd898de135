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

/** `serverUrl` with its database replaced by `database`. */
function onDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A throw-away database `bench_<random>` on the server of `serverUrl`: its name, its URL, the
 * server's version, and `drop()` to remove it (closing whatever is still connected).
 */
export async function createBenchDatabase(serverUrl) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  // CREATE and DROP run on the server's maintenance database, as `createdb` connects by default:
  // the database `serverUrl` names only says which server, and need not exist (the benchmarks'
  // examples name `/x`).
  const adminUrl = onDatabase(serverUrl, 'postgres');
  const version = await adminQuery(adminUrl, async (client) => {
    const serverVersion = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.query(`CREATE DATABASE "${name}"`);
    return serverVersion;
  });
  return {
    name,
    url: onDatabase(serverUrl, name),
    version,
    drop: () => adminQuery(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
