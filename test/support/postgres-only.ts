/**
 * Tests of what only PostgreSQL can show: two sessions really running at once (PGlite runs one
 * session at a time, which serialises any race by itself). On PGlite they are reported as
 * skipped, with the reason in their name, rather than left out; CI's PostgreSQL run runs them.
 */
import type { DataSource } from 'typeorm';

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** `it` on PostgreSQL; a skipped test on PGlite, named so the report says why. */
export const itOnPostgres = (name: string, fn: () => Promise<void>, timeout?: number) =>
  onPostgres ? it(name, fn, timeout) : it.skip(`${name} [PostgreSQL only: PGlite runs one session at a time]`, fn);

/**
 * Waits until `count` sessions of this database wait for a lock (pg_locks: a request not
 * granted), and returns how many were seen waiting at the end: proof that a race test raced.
 */
export async function sessionsWaitingForLocks(dataSource: DataSource, count: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let waiting = 0;
  while (Date.now() < deadline) {
    const [row] = await dataSource.query(
      `SELECT count(DISTINCT l.pid)::int AS waiting
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database()`,
    );
    waiting = row.waiting;
    if (waiting >= count) return waiting;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return waiting;
}
