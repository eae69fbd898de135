/**
 * The one home of background work: a durable queue in the shop's own database (the `jobs`
 * table), so it runs the same on embedded PGlite and on PostgreSQL, with one instance or several.
 *
 * - A job is enqueued with `enqueue(manager, ...)` inside the caller's transaction: it exists only
 *   if that change commits, and a rolled-back change leaves no job behind.
 * - Scheduled jobs (`schedule`) are enqueued by whichever instance first finds them due
 *   (`job_schedules`, one conditional UPDATE), so several instances run each one once per period.
 * - Each instance claims due jobs with FOR UPDATE SKIP LOCKED and a lease: a job is never run by
 *   two instances at once, and one whose instance died mid-run is taken up again once its lease
 *   ran out. A runner that is stopped claims nothing more, aborts its job's `signal`, and a job that
 *   ends on it is handed back, due at once and its try not counted, for the next instance or start.
 * - A job that throws is tried again later (exponential backoff from 30 s, at most an hour apart)
 *   until it has used its attempts; then it stays `failed`, with its last error, for an operator
 *   to see (`failedJobs`, the log, `storybook_jobs_total`).
 *
 * The runner's own timer is the only one: no module keeps a loop of its own. The mail outbox keeps
 * its worker (mail/outbox.worker.ts): each e-mail is already a durable row with its own attempts,
 * backoff and "outcome unknown" state, which a job per e-mail would only copy.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { NOW_MS } from '../common/now-ms';

export type JobPayload = Record<string, string | number | boolean | null>;

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /**
   * Aborted when the runner stops (the shop shuts down): a long job ends early on it, by throwing,
   * and is handed back to run again at once elsewhere rather than after its lease.
   */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** Names the job in the table and the log: lower case words with dashes, at most 64 characters. */
  name: string;
  run(payload: JobPayload, context: JobContext): Promise<void>;
  /** Tries before the job is left `failed`; 5 unless given. */
  maxAttempts?: number;
  /** Enqueued by the runner every `everyMs` (the first time at start-up); unset for a job only enqueued by code. */
  everyMs?: number;
}

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

export interface JobRunnerOptions {
  /** How often an idle runner looks for due work. */
  pollMs?: number;
  /** How long a claimed job is this instance's before another may take it up. */
  leaseMs?: number;
  /** Counts each run's outcome by job name. */
  onOutcome?: (name: string, outcome: 'succeeded' | 'retried' | 'failed') => void;
}

const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const DEFAULT_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;
/** Finished jobs are kept a week for a look back, then deleted. */
const KEEP_SUCCEEDED_DAYS = 7;
/** How often a runner deletes those: hourly is plenty for a week's keep. */
const CLEANUP_EVERY_MS = 3600_000;

/** The rows of an UPDATE ... RETURNING: TypeORM's PostgreSQL driver answers [rows, affected] for one. */
function returnedRows<T>(result: unknown): T[] {
  const answer = result as unknown[];
  return (Array.isArray(answer[0]) ? answer[0] : answer) as T[];
}

/** The delay before try `attempt + 1`: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
}

export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Aborted by the stop function `start` returns; a runner never started is never stopped. */
  private halt = new AbortController();
  private lastCleanup = 0;
  private readonly pollMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 15 * 60_000;
  }

  /** Makes a job known to this runner: one line per job in the composition root. */
  define(definition: JobDefinition): void {
    if (!NAME.test(definition.name)) throw new Error(`A job name is lower case words with dashes: ${definition.name}`);
    if (this.definitions.has(definition.name)) throw new Error(`The job ${definition.name} is defined twice`);
    this.definitions.set(definition.name, definition);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Queues a run of `name` inside `manager`'s transaction. With `uniqueKey`, a second job of that
   * key is not queued while the first exists (a retried request queues one job).
   */
  async enqueue(
    manager: EntityManager,
    name: string,
    payload: JobPayload = {},
    options: { runAt?: Date; uniqueKey?: string } = {},
  ): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job is defined as ${name}`);
    await manager.query(
      `INSERT INTO jobs (id, name, payload, max_attempts, run_at, unique_key)
       VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, ${NOW_MS}), $6)
       ON CONFLICT (unique_key) DO NOTHING`,
      [
        randomUUID(),
        name,
        JSON.stringify(payload),
        definition.maxAttempts ?? DEFAULT_ATTEMPTS,
        options.runAt?.toISOString() ?? null,
        options.uniqueKey ?? null,
      ],
    );
  }

  /** Queues every scheduled job that is due and no other instance has queued yet. Returns their names. */
  async enqueueDueSchedules(): Promise<string[]> {
    const scheduled = [...this.definitions.values()].filter((definition) => definition.everyMs);
    if (scheduled.length === 0) return [];
    const names = scheduled.map((definition) => definition.name);
    const read = (): Promise<Array<{ name: string; due: boolean }>> =>
      this.dataSource.query(`SELECT name, next_run_at <= now() AS due FROM job_schedules WHERE name = ANY($1::varchar[])`, [
        names,
      ]);
    // One read a tick; a schedule new to the database is written once, due at once.
    let rows = await read();
    if (rows.length < names.length) {
      await this.dataSource.query(
        `INSERT INTO job_schedules (name, next_run_at) SELECT unnest($1::varchar[]), ${NOW_MS} ON CONFLICT (name) DO NOTHING`,
        [names],
      );
      rows = await read();
    }
    const due = new Set(rows.filter((row) => row.due).map((row) => row.name));
    const queued: string[] = [];
    for (const { name, everyMs } of scheduled.filter((definition) => due.has(definition.name))) {
      const claimed = await this.dataSource.transaction(async (manager) => {
        // One instance wins the period: the UPDATE moves next_run_at on, so the others find it not due.
        const won = returnedRows(
          await manager.query(
            `UPDATE job_schedules SET next_run_at = now() + make_interval(secs => $2::double precision / 1000)
            WHERE name = $1 AND next_run_at <= now()
        RETURNING name`,
            [name, everyMs],
          ),
        );
        if (won.length === 0) return false;
        await this.enqueue(manager, name);
        return true;
      });
      if (claimed) queued.push(name);
    }
    return queued;
  }

  /**
   * Claims and runs due jobs one after another until none is left; returns how many ran. `only`
   * names the jobs to run (the others stay queued); by default every job this runner knows. A
   * runner stopped (see `start`) runs none, and hands back one it claimed as it was being stopped.
   */
  async drain(only: readonly string[] = this.names()): Promise<number> {
    const unknown = only.filter((name) => !this.definitions.has(name));
    if (unknown.length > 0) throw new Error(`No job is defined as ${unknown.join(', ')}`);
    let ran = 0;
    while (!this.halt.signal.aborted) {
      const job = await this.claim(only);
      if (!job) return ran;
      if (this.halt.signal.aborted) {
        await this.handBack(job);
        return ran;
      }
      await this.runClaimed(job);
      ran += 1;
    }
    return ran;
  }

  /** The jobs that used all their tries, newest first. */
  async failedJobs(limit = 50): Promise<FailedJob[]> {
    const rows: Array<{ id: string; name: string; attempts: number; last_error: string | null; updated_at: Date }> =
      await this.dataSource.query(
        `SELECT id, name, attempts, last_error, updated_at FROM jobs WHERE status = 'failed' ORDER BY updated_at DESC LIMIT $1`,
        [limit],
      );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      attempts: row.attempts,
      lastError: row.last_error,
      failedAt: row.updated_at,
    }));
  }

  /**
   * Runs the schedules and the queue now and then every pollMs; returns a function that stops it:
   * no job is claimed after, the one running has its signal aborted, and the function waits for it.
   */
  start(): () => Promise<void> {
    this.stopped = false;
    this.halt = new AbortController();
    const tick = () => {
      this.running = this.tick().finally(() => {
        this.running = null;
        if (!this.stopped) {
          this.timer = setTimeout(tick, this.pollMs);
          this.timer.unref();
        }
      });
    };
    tick();
    return async () => {
      this.stopped = true;
      this.halt.abort();
      if (this.timer) clearTimeout(this.timer);
      await this.running;
    };
  }

  private async tick(): Promise<void> {
    try {
      await this.enqueueDueSchedules();
      await this.drain();
      if (Date.now() - this.lastCleanup >= CLEANUP_EVERY_MS) {
        await this.dataSource.query(
          `DELETE FROM jobs WHERE status = 'succeeded' AND updated_at < now() - make_interval(days => $1)`,
          [KEEP_SUCCEEDED_DAYS],
        );
        this.lastCleanup = Date.now();
      }
    } catch (error) {
      // The database is away for a moment: the next tick tries again.
      this.logger.error('background jobs could not run', { error });
    }
  }

  private async claim(names: readonly string[]): Promise<ClaimedJob | null> {
    if (names.length === 0) return null;
    const result: unknown = await this.dataSource.query(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1,
              locked_until = now() + make_interval(secs => $1::double precision / 1000), updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
           WHERE name = ANY($2::varchar[])
             AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
           ORDER BY run_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, attempts, max_attempts`,
      [this.leaseMs, names],
    );
    return returnedRows<ClaimedJob>(result)[0] ?? null;
  }

  /**
   * A job this runner claimed but is not finishing, as it stops: queued again in its place (it was
   * due when claimed), its try not counted, for another instance now or this one's next start.
   */
  private async handBack(job: ClaimedJob): Promise<void> {
    await this.dataSource.query(
      `UPDATE jobs SET status = 'queued', locked_until = NULL, attempts = attempts - 1, updated_at = now()
        WHERE id = $1 AND status = 'running' AND attempts = $2`,
      [job.id, job.attempts],
    );
    this.logger.info('background job handed back at shutdown', { job: job.name, jobId: job.id });
  }

  private async runClaimed(job: ClaimedJob): Promise<void> {
    const definition = this.definitions.get(job.name)!;
    const { signal } = this.halt;
    let failure: unknown = null;
    try {
      await definition.run(job.payload ?? {}, { jobId: job.id, attempt: job.attempts, signal });
    } catch (error) {
      failure = error ?? new Error('The job failed without a reason');
    }
    // Ended by the stop, not failed (a failure of its own during the stop is one, and counts).
    if (signal.aborted && failure === signal.reason) {
      await this.handBack(job);
    } else if (failure === null) {
      // Jobs run at least once: a run whose end could not be written is run again after its lease.
      await this.dataSource.query(
        `UPDATE jobs SET status = 'succeeded', locked_until = NULL, last_error = NULL, unique_key = NULL, updated_at = now()
          WHERE id = $1`,
        [job.id],
      );
      this.options.onOutcome?.(job.name, 'succeeded');
    } else {
      const error = failure;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      if (job.attempts >= job.max_attempts) {
        await this.dataSource.query(
          `UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = $2, unique_key = NULL, updated_at = now()
            WHERE id = $1`,
          [job.id, message],
        );
        this.logger.error('background job failed for good', { job: job.name, jobId: job.id, attempts: job.attempts, error });
        this.options.onOutcome?.(job.name, 'failed');
      } else {
        const delayMs = retryDelayMs(job.attempts);
        await this.dataSource.query(
          `UPDATE jobs SET status = 'queued', locked_until = NULL, last_error = $2, updated_at = now(),
                  run_at = now() + make_interval(secs => $3::double precision / 1000)
            WHERE id = $1`,
          [job.id, message, delayMs],
        );
        this.logger.warn('background job failed, tried again later', {
          job: job.name,
          jobId: job.id,
          attempt: job.attempts,
          retryInMs: delayMs,
          error,
        });
        this.options.onOutcome?.(job.name, 'retried');
      }
    }
  }
}
