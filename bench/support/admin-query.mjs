// One short connection to a PostgreSQL server, for the benchmarks' CREATE/DROP DATABASE and version checks.
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
