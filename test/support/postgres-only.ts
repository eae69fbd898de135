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

/**
 * Holds every write to `table` (LOCK TABLE … IN EXCLUSIVE MODE: reads go on) in a session of its
 * own until `release`: a transaction under test stops at its next write there, so another can be
 * made to come between its steps.
 */
export async function holdWrites(dataSource: DataSource, table: string): Promise<{ release(): Promise<void> }> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
  return {
    async release() {
      await runner.rollbackTransaction();
      await runner.release();
    },
  };
}

/**
 * Waits until a session of this database waits for a lock: the session `pid`, or one whose
 * statement contains `query` (PostgreSQL keeps a statement's first 1 KB: match its start).
 * Answers whether it was seen waiting within the time.
 */
export async function sessionWaitsForLock(
  dataSource: DataSource,
  which: { pid: number } | { query: string },
  timeoutMs = 15_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS waiting
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database()
          AND ${'pid' in which ? 'a.pid = $1' : 'strpos(a.query, $1) > 0'}`,
      ['pid' in which ? which.pid : which.query],
    );
    if (row.waiting > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
