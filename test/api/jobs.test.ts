/**
 * The background job runner on a real database (PGlite, or PostgreSQL with DATABASE_URL): jobs
 * queued in a transaction exist only if it commits, run once across instances, are tried again
 * with backoff, end `failed` where an operator sees them, and scheduled jobs run once a period.
 */
import { createLogger } from '../../server/src/common/logger';
import { type JobDefinition, type JobPayload, JobRunner, retryDelayMs } from '../../server/src/jobs/job-runner';
import { createAdmin, signIn } from '../support/admin';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const logger = createLogger('silent');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.dataSource.query('DELETE FROM jobs');
  await server.dataSource.query('DELETE FROM job_schedules');
});

const jobRows = () =>
  server.dataSource.query(`SELECT name, status, attempts, last_error, payload FROM jobs ORDER BY created_at`) as Promise<
    Array<{ name: string; status: string; attempts: number; last_error: string | null; payload: unknown }>
  >;

function runnerWith(definitions: JobDefinition[], outcomes: string[] = []): JobRunner {
  const runner = new JobRunner(server.dataSource, logger, {
    pollMs: 20,
    onOutcome: (name, outcome) => outcomes.push(`${name}:${outcome}`),
  });
  definitions.forEach((definition) => runner.define(definition));
  return runner;
}

/**
 * A long job that ends when the runner stops, rejecting with `onStop(signal)`, as the drawing of a
 * proof's first page does with the signal's reason; `running` resolves once a run has started.
 */
function endsOnStop(name: string, onStop: (signal: AbortSignal) => Error, runs: JobPayload[] = []) {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const definition: JobDefinition = {
    name,
    run: (payload, { signal }) =>
      new Promise<void>((_resolve, reject) => {
        runs.push(payload);
        started();
        signal.addEventListener('abort', () => reject(onStop(signal)), { once: true });
      }),
  };
  return { definition, running };
}

describe('the job runner', () => {
  it("queues a job in the caller's transaction: none after a rollback, one run after a commit", async () => {
    const seen: unknown[] = [];
    const runner = runnerWith([{ name: 'remind-parent', run: async (payload) => void seen.push(payload) }]);

    await expect(
      server.dataSource.transaction(async (manager) => {
        await runner.enqueue(manager, 'remind-parent', { orderId: 'a' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobRows()).toEqual([]);

    await server.dataSource.transaction((manager) => runner.enqueue(manager, 'remind-parent', { orderId: 'b' }));
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    expect(seen).toEqual([{ orderId: 'b' }]);
    expect(await jobRows()).toEqual([
      { name: 'remind-parent', status: 'succeeded', attempts: 1, last_error: null, payload: { orderId: 'b' } },
    ]);
  });

  it('runs only the jobs it is asked to, leaving the others queued, and refuses a name it does not know', async () => {
    const seen: string[] = [];
    const runner = runnerWith([
      { name: 'remind-parent', run: async () => void seen.push('remind-parent') },
      { name: 'draw-proof', run: async () => void seen.push('draw-proof') },
    ]);
    await server.dataSource.transaction(async (manager) => {
      await runner.enqueue(manager, 'draw-proof', { orderId: 'e' });
      await runner.enqueue(manager, 'remind-parent', { orderId: 'e' });
      await runner.enqueue(manager, 'draw-proof', { orderId: 'f' });
    });
    expect(await runner.drain(['remind-parent'])).toBe(1);
    expect(seen).toEqual(['remind-parent']);
    expect((await jobRows()).map((row) => `${row.name}:${row.status}`).sort()).toEqual([
      'draw-proof:queued',
      'draw-proof:queued',
      'remind-parent:succeeded',
    ]);
    await expect(runner.drain(['remind-parents'])).rejects.toThrow('No job is defined as remind-parents');
    expect(await runner.drain()).toBe(2);
    expect(seen).toEqual(['remind-parent', 'draw-proof', 'draw-proof']);
  });

  it('queues a job due at once, never a fraction of a millisecond ahead of the clock', async () => {
    const runner = runnerWith([{ name: 'remind-parent', run: async () => undefined }]);
    // now() is one instant a transaction: about one in two of them, rounded to the column's
    // milliseconds, would land ahead of it.
    for (let i = 0; i < 12; i++) {
      const [due] = await server.dataSource.transaction(async (manager) => {
        await runner.enqueue(manager, 'remind-parent', { orderId: `d${i}` });
        return manager.query(`SELECT bool_and(run_at <= now()) AS due FROM jobs WHERE payload->>'orderId' = $1`, [`d${i}`]);
      });
      expect(due).toEqual({ due: true });
    }
  });

  it('queues one job for one unique key, and refuses a job it does not know', async () => {
    const runner = runnerWith([{ name: 'print-order', run: async () => undefined }]);
    for (let i = 0; i < 3; i++) {
      await server.dataSource.transaction((manager) =>
        runner.enqueue(manager, 'print-order', { orderId: 'c' }, { uniqueKey: 'print:c' }),
      );
    }
    expect(await jobRows()).toHaveLength(1);
    await expect(server.dataSource.transaction((manager) => runner.enqueue(manager, 'no-such-job', {}))).rejects.toThrow(
      'No job is defined as no-such-job',
    );
  });

  it('tries a failing job again later with backoff, then leaves it failed with its error for an operator', async () => {
    const outcomes: string[] = [];
    let tries = 0;
    const runner = runnerWith(
      [
        {
          name: 'call-printer',
          maxAttempts: 2,
          run: async () => {
            tries += 1;
            throw new Error(`the printer did not answer (${tries})`);
          },
        },
      ],
      outcomes,
    );
    await server.dataSource.transaction((manager) => runner.enqueue(manager, 'call-printer'));

    expect(await runner.drain()).toBe(1);
    const [retried] = await server.dataSource.query(
      `SELECT status, attempts, last_error, extract(epoch FROM run_at - now()) AS wait_s FROM jobs`,
    );
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the printer did not answer (1)' });
    expect(Number(retried.wait_s)).toBeGreaterThan(20); // 30 s from now, not at once
    expect(await runner.drain()).toBe(0);

    // A second ago, not now(): the column keeps milliseconds, and now() rounded up to the next one
    // would still be a moment in the future when the runner looks.
    await server.dataSource.query(`UPDATE jobs SET run_at = now() - interval '1 second'`);
    expect(await runner.drain()).toBe(1);
    expect(await jobRows()).toMatchObject([{ status: 'failed', attempts: 2, last_error: 'the printer did not answer (2)' }]);
    expect(await runner.failedJobs()).toMatchObject([
      { name: 'call-printer', attempts: 2, lastError: 'the printer did not answer (2)' },
    ]);
    expect(outcomes).toEqual(['call-printer:retried', 'call-printer:failed']);
    expect(tries).toBe(2);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3600_000);
  });

  it('runs each job once when several instances drain the queue at once', async () => {
    const ran: string[] = [];
    const definition: JobDefinition = {
      name: 'send-reminder',
      run: async (payload) => {
        ran.push(String(payload.n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const instances = [runnerWith([definition]), runnerWith([definition]), runnerWith([definition])];
    await server.dataSource.transaction(async (manager) => {
      for (let n = 0; n < 12; n++) await instances[0].enqueue(manager, 'send-reminder', { n });
    });
    const counts = await Promise.all(instances.map((runner) => runner.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect([...ran].sort()).toEqual([...new Set(ran)].sort());
    expect(ran).toHaveLength(12);
  });

  it('takes up a job whose instance died mid-run once its lease has run out', async () => {
    let runs = 0;
    const runner = runnerWith([{ name: 'sweep', run: async () => void (runs += 1) }]);
    await server.dataSource.transaction((manager) => runner.enqueue(manager, 'sweep'));
    await server.dataSource.query(`UPDATE jobs SET status = 'running', attempts = 1, locked_until = now() + interval '1 minute'`);
    expect(await runner.drain()).toBe(0); // another instance holds it
    await server.dataSource.query(`UPDATE jobs SET locked_until = now() - interval '1 second'`);
    expect(await runner.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRows()).toMatchObject([{ status: 'succeeded', attempts: 2 }]);
  });

  it('hands back the job a stopped runner was running, due at once and its try not counted, and claims nothing after', async () => {
    const started: JobPayload[] = [];
    const { definition, running } = endsOnStop('draw-page', (signal) => signal.reason as Error, started);
    const runner = runnerWith([definition]);
    await server.dataSource.transaction(async (manager) => {
      await runner.enqueue(manager, 'draw-page', { n: 1 }, { runAt: new Date(Date.now() - 2000) });
      await runner.enqueue(manager, 'draw-page', { n: 2 }, { runAt: new Date(Date.now() - 1000) });
    });
    const stop = runner.start();
    await running;
    await stop();

    expect(started).toEqual([{ n: 1 }]);
    const rows = await server.dataSource.query(
      `SELECT payload->>'n' AS n, status, attempts, locked_until, last_error, run_at <= now() AS due FROM jobs ORDER BY payload->>'n'`,
    );
    expect(rows).toEqual([
      { n: '1', status: 'queued', attempts: 0, locked_until: null, last_error: null, due: true },
      { n: '2', status: 'queued', attempts: 0, locked_until: null, last_error: null, due: true },
    ]);

    // The next instance, or this one started again, runs both now, not after the 15-minute lease.
    const ran: string[] = [];
    const next = runnerWith([{ name: 'draw-page', run: async (payload) => void ran.push(String(payload.n)) }]);
    expect(await next.drain()).toBe(2);
    expect(ran).toEqual(['1', '2']);
    expect(await jobRows()).toMatchObject([
      { status: 'succeeded', attempts: 1 },
      { status: 'succeeded', attempts: 1 },
    ]);
  });

  it('counts a failure of its own that a job meets while the runner stops, as any other', async () => {
    const { definition, running } = endsOnStop('write-file', () => new Error('disk full'));
    const runner = runnerWith([definition]);
    await server.dataSource.transaction((manager) => runner.enqueue(manager, 'write-file'));
    const stop = runner.start();
    await running;
    await stop();
    expect(await jobRows()).toMatchObject([{ status: 'queued', attempts: 1, last_error: 'disk full' }]);
  });

  it('queues a scheduled job once per period however many instances look, and runs it at start-up', async () => {
    let runs = 0;
    const scheduled: JobDefinition = { name: 'hourly-sweep', everyMs: 3600_000, run: async () => void (runs += 1) };
    const [a, b] = [runnerWith([scheduled]), runnerWith([scheduled])];
    const queued = await Promise.all([a.enqueueDueSchedules(), b.enqueueDueSchedules(), a.enqueueDueSchedules()]);
    expect(queued.flat()).toEqual(['hourly-sweep']);
    expect(await a.enqueueDueSchedules()).toEqual([]); // not due again for an hour

    await server.dataSource.query('DELETE FROM jobs');
    await server.dataSource.query('DELETE FROM job_schedules');
    const stop = a.start();
    for (let i = 0; i < 200 && runs === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await stop();
    expect(runs).toBe(1);
  });
});

describe('failedJobs', () => {
  it('lists the jobs that used all their tries to a signed-in admin, and to nobody else', async () => {
    const runner = runnerWith([
      {
        name: 'call-printer',
        maxAttempts: 1,
        run: async () => {
          throw new Error('the printer refused the order');
        },
      },
    ]);
    await server.dataSource.transaction((manager) => runner.enqueue(manager, 'call-printer'));
    await runner.drain();

    const query = '{ failedJobs { name attempts lastError failedAt } }';
    const anonymous = await new GraphQLClient(server.url).query(query);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await createAdmin(server);
    const admin = new GraphQLClient(server.url);
    await signIn(admin);
    const answer = await admin.query<{ failedJobs: Array<Record<string, unknown>> }>(query);
    expect(answer.data?.failedJobs).toEqual([
      { name: 'call-printer', attempts: 1, lastError: 'the printer refused the order', failedAt: expect.any(String) },
    ]);
  });
});

describe("the shop's own jobs", () => {
  it("are the retention, orphaned-file and abandoned-upload sweeps, the studio's overdue check, the queue's rebuild, the proof and payment reminders, and the drawing of a proof's first page", () => {
    expect(server.app.services.jobs.names().sort()).toEqual([
      'abandoned-video-uploads',
      'orphaned-files',
      'payment-reminders',
      'photo-retention',
      'proof-first-page',
      'proof-reminders',
      'studio-overdue',
      'superseded-delivery-files',
      'work-items-rebuild',
    ]);
  });
});
