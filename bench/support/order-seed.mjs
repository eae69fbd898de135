// Many orders at once, written straight into the database as the dashboard benchmarks need them:
// alternating digital and printed, their statuses in turn (Pending, Paid and Completed unless
// told), the newest a minute ago.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const SEED_SQL = `
  INSERT INTO orders (id, child_name, child_age, moral, story_idea, email, book_format, book_style,
                      shipping_address, status, amount_cents, currency, photo_key, created_at, updated_at)
  SELECT gen_random_uuid(), 'Child ' || i, 2 + (i % 11), 'Courage', '', 'parent' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'digital' ELSE 'printed' END,
         CASE WHEN i % 2 = 0 THEN NULL ELSE 'classic' END, NULL,
         ($3::text[])[1 + (i % cardinality($3::text[]))],
         CASE WHEN i % 2 = 0 THEN 2500 ELSE 5000 END, 'USD', NULL,
         now() - interval '1 minute' - make_interval(secs => $1::int + i),
         now() - interval '1 minute' - make_interval(secs => $1::int + i)
  FROM generate_series(1, $2::int) AS i`;

const STATUSES = ['Pending', 'Paid', 'Completed'];

/**
 * Writes orders `from`..`rows` through `query(sql, params)` in batches of 50,000 (each well inside
 * the statement timeout), with `statuses` in turn, then VACUUM ANALYZE when `vacuum`.
 */
export async function seedOrders(query, rows, { from = 0, vacuum = false, statuses = STATUSES } = {}) {
  for (let have = from; have < rows; have += 50_000) {
    await query(SEED_SQL, [have, Math.min(50_000, rows - have), statuses]);
  }
  if (vacuum) await query('VACUUM ANALYZE orders');
}

/**
 * The same into the shop's embedded database in `dataDir` (the shop must be stopped: one process
 * may open it); answers the seconds the writing took (opening and closing the database aside).
 */
export async function seedPglite(dataDir, rows, options) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    const t0 = performance.now();
    await seedOrders(async (sql, params) => (await db.query(sql, params)).rows, rows, options);
    return (performance.now() - t0) / 1000;
  } finally {
    await db.close();
  }
}

/**
 * The orders into the stopped shop's database: the PostgreSQL one at `databaseUrl` when given,
 * else the embedded one in `dataDir`.
 */
export async function seedShop({ databaseUrl, dataDir }, rows, options = {}) {
  if (!databaseUrl) return seedPglite(dataDir, rows, options);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedOrders(async (sql, params) => (await client.query(sql, params)).rows, rows, options);
  } finally {
    await client.end();
  }
}
