/**
 * Tests of what only PostgreSQL can show: two sessions really running at once (PGlite runs one
 * session at a time, which serialises any race by itself). On PGlite they are reported as
 * skipped, with the reason in their name, rather than left out; CI's PostgreSQL run runs them.
 */
import type { DataSource, QueryRunner } from 'typeorm';

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** `it` on PostgreSQL; a skipped test on PGlite, named so the report says why. */
export const itOnPostgres = (name: string, fn: () => Promise<void>, timeout?: number) =>
  onPostgres ? it(name, fn, timeout) : it.skip(`${name} [PostgreSQL only: PGlite runs one session at a time]`, fn);

/** Which sessions `sessionsWaitingForLocks` counts: all of this database's, one by its pid, or those whose statement contains `query` (PostgreSQL keeps a statement's first 1 KB: match its start). */
export type WaitingSessions = { pid: number } | { query: string };

/**
 * Waits until `count` sessions of this database (or of `which` of them) wait for a lock (pg_locks:
 * a request not granted), and returns how many were seen waiting at the end: proof that a race
 * test raced.
 */
export async function sessionsWaitingForLocks(
  dataSource: DataSource,
  count: number,
  which?: WaitingSessions,
  timeoutMs = 15_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const filter = !which ? '' : 'pid' in which ? 'AND a.pid = $1' : 'AND strpos(a.query, $1) > 0';
  const params = !which ? [] : ['pid' in which ? which.pid : which.query];
  let waiting = 0;
  while (Date.now() < deadline) {
    const [row] = await dataSource.query(
      `SELECT count(DISTINCT l.pid)::int AS waiting
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database() ${filter}`,
      params,
    );
    waiting = row.waiting;
    if (waiting >= count) return waiting;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return waiting;
}

/** A connection of its own, for a test to run a transaction step by step and tell it by its pid. */
export interface TestSession {
  pid: number;
  runner: QueryRunner;
  /** Rolls back what is left and gives the connection back; again, it does nothing. */
  close(): Promise<void>;
}

export async function openSession(dataSource: DataSource): Promise<TestSession> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid');
  return {
    pid,
    runner,
    async close() {
      if (runner.isReleased) return;
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    },
  };
}

/**
 * Holds every write to `table` (LOCK TABLE … IN EXCLUSIVE MODE: reads go on) in a session of its
 * own until `release` (which may be called again): a transaction under test stops at its next
 * write there, so another can be made to come between its steps.
 */
export async function holdWrites(dataSource: DataSource, table: string): Promise<{ release(): Promise<void> }> {
  const session = await openSession(dataSource);
  await session.runner.startTransaction();
  await session.runner.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
  return { release: () => session.close() };
}
