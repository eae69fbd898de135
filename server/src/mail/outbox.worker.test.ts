import { createLogger } from '../common/logger';
import { Metrics } from '../observability/metrics';
import type { EmailMessage, Mailer } from './mailer';
import { OutboxService } from './outbox.service';
import { OUTBOX_LEASE_MS, OutboxWorker, retryDelayMs } from './outbox.worker';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => server.dataSource.query('DELETE FROM outbox_emails'));

const silent = createLogger('silent');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A mailer whose answer each test decides; it records every call. */
class FakeMailer implements Mailer {
  readonly name = 'fake';
  readonly calls: EmailMessage[] = [];
  constructor(private readonly answer: (message: EmailMessage, call: number) => Promise<{ messageId: string }>) {}
  send(message: EmailMessage): Promise<{ messageId: string }> {
    this.calls.push(message);
    return this.answer(message, this.calls.length);
  }
}
const accepting = () => new FakeMailer(async (message) => ({ messageId: `<${message.to}>` }));
const failing = (error = 'Mailgun did not accept the e-mail: 500 Internal Server Error') =>
  new FakeMailer(async () => {
    throw new Error(error);
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues `count` e-mails to to-0@example.com, to-1@example.com, ...; returns the addresses. */
async function enqueue(count: number, prefix = 'to'): Promise<string[]> {
  const outbox = new OutboxService(server.dataSource, silent, { sendingEnabled: true });
  const addresses = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  for (const to of addresses) {
    await server.dataSource.transaction((manager) =>
      outbox.enqueue(manager, {
        idempotencyKey: `test:${to}`,
        orderId: null,
        template: 'test',
        to,
        subject: `Subject for ${to}`,
        html: `<p>${to}</p>`,
        text: to,
      }),
    );
  }
  return addresses;
}

interface Row {
  id: string;
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
}
const rows = (): Promise<Row[]> =>
  server.dataSource.query(
    `SELECT id, to_address, status, attempts, next_attempt_at, locked_until, last_error, provider_message_id, sent_at
     FROM outbox_emails ORDER BY to_address`,
  );
const row = async (): Promise<Row> => {
  const all = await rows();
  expect(all).toHaveLength(1);
  return all[0];
};

/** Comfortably after the rows just queued became due (they are due at the database's now()). */
const soon = () => new Date(Date.now() + SECOND);
const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('OutboxWorker.processDue', () => {
  it('sends the due e-mails, records the provider id, and never sends them again', async () => {
    const addresses = await enqueue(3);
    const mailer = accepting();
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    const now = soon();

    expect(await worker.processDue(now)).toEqual({ sent: 3, failed: 0 });
    expect(mailer.calls.map((m) => m.to).sort()).toEqual(addresses);
    expect(mailer.calls.find((m) => m.to === 'to-1@example.com')).toEqual({
      to: 'to-1@example.com',
      subject: 'Subject for to-1@example.com',
      html: '<p>to-1@example.com</p>',
      text: 'to-1@example.com',
    });
    for (const r of await rows()) {
      expect(r).toMatchObject({
        status: 'sent',
        attempts: 1,
        provider_message_id: `<${r.to_address}>`,
        locked_until: null,
        last_error: null,
      });
      expect(r.sent_at).toEqual(now);
    }

    expect(await worker.processDue(after(now, SECOND))).toEqual({ sent: 0, failed: 0 });
    expect(await worker.processDue(after(now, 30 * 24 * HOUR))).toEqual({ sent: 0, failed: 0 });
    expect(mailer.calls).toHaveLength(3);
  });

  it('leaves e-mails that are not due yet alone', async () => {
    await enqueue(1);
    const mailer = accepting();
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    expect(await worker.processDue(new Date(Date.now() - MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(mailer.calls).toEqual([]);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('sends with the claim committed and no transaction open (the embedded database has one connection)', async () => {
    await enqueue(1);
    const seen: string[] = [];
    // A query of its own from inside send: it would wait forever behind an open transaction on
    // the one embedded connection, and on PostgreSQL it would not see an uncommitted claim.
    const mailer = new FakeMailer(async (message) => {
      const [{ status }] = await server.dataSource.query('SELECT status FROM outbox_emails WHERE to_address = $1', [message.to]);
      seen.push(status);
      return { messageId: 'id-1' };
    });
    expect(await new OutboxWorker(server.dataSource, mailer, silent).processDue(soon())).toEqual({ sent: 1, failed: 0 });
    expect(seen).toEqual(['sending']);
  });

  it('sends the oldest due first, batchSize at a time', async () => {
    await enqueue(5);
    await server.dataSource.query(
      `UPDATE outbox_emails SET next_attempt_at = next_attempt_at - make_interval(mins => (10 - substr(to_address, 4, 1)::int))`,
    );
    const mailer = accepting();
    const worker = new OutboxWorker(server.dataSource, mailer, silent, { batchSize: 2 });
    const now = soon();
    expect(await worker.processDue(now)).toEqual({ sent: 2, failed: 0 });
    expect(mailer.calls.map((m) => m.to).sort()).toEqual(['to-0@example.com', 'to-1@example.com']);
    expect(await worker.processDue(now)).toEqual({ sent: 2, failed: 0 });
    expect(await worker.processDue(now)).toEqual({ sent: 1, failed: 0 });
    expect(await worker.processDue(now)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.calls).toHaveLength(5);
  });

  it('backs off after a failure (30 s, then 2 min), keeps the error, and sends once the provider recovers', async () => {
    await enqueue(1);
    let down = true;
    const mailer = new FakeMailer(async (_message, call) => {
      if (down) throw new Error(`Mailgun did not accept the e-mail: 500 failure ${call}`);
      return { messageId: '<recovered@mg>' };
    });
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    const t0 = soon();

    expect(await worker.processDue(t0)).toEqual({ sent: 0, failed: 1 });
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: after(t0, 30 * SECOND),
      locked_until: null,
      last_error: 'Mailgun did not accept the e-mail: 500 failure 1',
      provider_message_id: null,
    });

    expect(await worker.processDue(after(t0, 30 * SECOND - 1))).toEqual({ sent: 0, failed: 0 });
    const t1 = after(t0, 30 * SECOND);
    expect(await worker.processDue(t1)).toEqual({ sent: 0, failed: 1 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: after(t1, 2 * MINUTE) });

    down = false;
    expect(await worker.processDue(after(t1, 2 * MINUTE - 1))).toEqual({ sent: 0, failed: 0 });
    const t2 = after(t1, 2 * MINUTE);
    expect(await worker.processDue(t2)).toEqual({ sent: 1, failed: 0 });
    expect(await row()).toMatchObject({
      status: 'sent',
      attempts: 3,
      provider_message_id: '<recovered@mg>',
      sent_at: t2,
      locked_until: null,
      last_error: 'Mailgun did not accept the e-mail: 500 failure 2',
    });
    expect(await worker.processDue(after(t2, 24 * HOUR))).toEqual({ sent: 0, failed: 0 });
    expect(mailer.calls).toHaveLength(3);
  });

  it('gives up after maxAttempts: the row is failed with the last error and never tried again', async () => {
    await enqueue(1);
    const mailer = failing('Mailgun did not accept the e-mail: 400 to parameter is not a valid address');
    const worker = new OutboxWorker(server.dataSource, mailer, silent, { maxAttempts: 3 });
    let now = soon();
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(await worker.processDue(now));
      now = after(now, 7 * HOUR);
    }
    expect(results).toEqual([
      { sent: 0, failed: 1 },
      { sent: 0, failed: 1 },
      { sent: 0, failed: 1 },
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
    expect(mailer.calls).toHaveLength(3);
    expect(await row()).toMatchObject({
      status: 'failed',
      attempts: 3,
      locked_until: null,
      last_error: 'Mailgun did not accept the e-mail: 400 to parameter is not a valid address',
      sent_at: null,
    });
  });

  it('counts each failed send by what comes next (retry, gave_up), and each send', async () => {
    await enqueue(2);
    const metrics = new Metrics();
    let call = 0;
    // The first e-mail goes out; the other fails every time.
    const mailer = new FakeMailer(async (message) => {
      if (call++ === 0) return { messageId: `<${message.to}>` };
      throw new Error('Mailgun did not accept the e-mail: 500');
    });
    const worker = new OutboxWorker(server.dataSource, mailer, silent, { maxAttempts: 2, metrics, batchSize: 1 });
    let now = soon();
    for (let i = 0; i < 4; i++) {
      await worker.processDue(now);
      now = after(now, 7 * HOUR);
    }
    const values = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;
    expect(await values('storybook_outbox_sent_total')).toEqual([expect.objectContaining({ value: 1 })]);
    expect(await values('storybook_outbox_send_failures_total')).toEqual([
      expect.objectContaining({ labels: { next: 'retry' }, value: 1 }),
      expect.objectContaining({ labels: { next: 'gave_up' }, value: 1 }),
    ]);
  });

  it('gives up after 8 attempts by default, about 15 hours of retries', async () => {
    await enqueue(1);
    const mailer = failing();
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    let now = soon();
    const start = now;
    for (let i = 0; i < 20 && (await row()).status !== 'failed'; i++) {
      await worker.processDue(now);
      const r = await row();
      if (r.status === 'pending') now = r.next_attempt_at;
    }
    expect(mailer.calls).toHaveLength(8);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 8 });
    const hours = (now.getTime() - start.getTime()) / HOUR;
    expect(hours).toBeGreaterThan(14);
    expect(hours).toBeLessThan(16);
  });

  it('takes back a row whose worker died while sending once its lease has run out', async () => {
    await enqueue(1);
    const claimedAt = soon();
    // What a claim leaves behind when the process dies before recording the outcome.
    await server.dataSource.query(`UPDATE outbox_emails SET status = 'sending', attempts = 1, locked_until = $1`, [
      after(claimedAt, OUTBOX_LEASE_MS),
    ]);
    const mailer = accepting();
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    expect(await worker.processDue(after(claimedAt, OUTBOX_LEASE_MS - SECOND))).toEqual({ sent: 0, failed: 0 });
    expect(mailer.calls).toEqual([]);
    expect(await worker.processDue(after(claimedAt, OUTBOX_LEASE_MS + 1))).toEqual({ sent: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('asks the provider before sending again a row whose worker died mid-send, and marks it sent if it was accepted', async () => {
    await enqueue(1);
    const claimedAt = soon();
    await server.dataSource.query(`UPDATE outbox_emails SET status = 'sending', attempts = 1, locked_until = $1`, [
      after(claimedAt, OUTBOX_LEASE_MS),
    ]);
    const lookedUp: string[] = [];
    const mailer = Object.assign(accepting(), {
      findAccepted: async (outboxId: string) => {
        lookedUp.push(outboxId);
        return { messageId: '<found@mg>' };
      },
    });
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    expect(await worker.processDue(after(claimedAt, OUTBOX_LEASE_MS + 1))).toEqual({ sent: 1, failed: 0 });
    expect(mailer.calls).toEqual([]);
    expect(lookedUp).toEqual([(await row()).id]);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: '<found@mg>' });
  });

  it('does not go past maxAttempts for a row whose worker died during its last attempt', async () => {
    await enqueue(1);
    const claimedAt = soon();
    await server.dataSource.query(`UPDATE outbox_emails SET status = 'sending', attempts = 3, locked_until = $1`, [
      after(claimedAt, OUTBOX_LEASE_MS),
    ]);
    const mailer = accepting();
    const worker = new OutboxWorker(server.dataSource, mailer, silent, { maxAttempts: 3 });
    expect(await worker.processDue(after(claimedAt, OUTBOX_LEASE_MS + 1))).toEqual({ sent: 0, failed: 1 });
    expect(mailer.calls).toEqual([]);
    expect(await row()).toMatchObject({ status: 'failed', locked_until: null });
    expect((await row()).last_error).toMatch(/worker stopped while sending/);
  });

  it('never sends a row twice when two workers run at the same time, through failures and retries', async () => {
    const addresses = await enqueue(40);
    const delivered = new Map<string, number>();
    const attemptsSeen = new Map<string, number>();
    // Each address fails on its first attempt when its number is a multiple of 3.
    const flaky = () =>
      new FakeMailer(async (message) => {
        const attempt = (attemptsSeen.get(message.to) ?? 0) + 1;
        attemptsSeen.set(message.to, attempt);
        await sleep(Math.random() * 5);
        if (attempt === 1 && Number(message.to.split(/[-@]/)[1]) % 3 === 0) throw new Error('500 try later');
        delivered.set(message.to, (delivered.get(message.to) ?? 0) + 1);
        return { messageId: `<${message.to}>` };
      });
    const [mailerA, mailerB] = [flaky(), flaky()];
    const workerA = new OutboxWorker(server.dataSource, mailerA, silent, { batchSize: 4 });
    const workerB = new OutboxWorker(server.dataSource, mailerB, silent, { batchSize: 4 });

    let now = soon();
    for (let round = 0; round < 10; round++) {
      // Both workers drain what is due at `now`, concurrently.
      const drain = async (worker: OutboxWorker) => {
        for (;;) {
          const { sent, failed } = await worker.processDue(now);
          if (sent + failed === 0) return;
        }
      };
      await Promise.all([drain(workerA), drain(workerB)]);
      now = after(now, HOUR);
    }

    expect([...delivered.keys()].sort()).toEqual([...addresses].sort());
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);
    expect(mailerA.calls.length).toBeGreaterThan(0);
    expect(mailerB.calls.length).toBeGreaterThan(0);
    // 14 of the 40 addresses (0, 3, ..., 39) failed once first.
    expect(mailerA.calls.length + mailerB.calls.length).toBe(40 + 14);
    for (const r of await rows()) {
      expect(r).toMatchObject({ status: 'sent', provider_message_id: `<${r.to_address}>` });
    }
  });

  // Only PostgreSQL has a second connection to hold a row from (PGlite runs one session), so
  // this test exists on that run only; CI runs the whole suite on both databases.
  if (process.env.DATABASE_URL)
    it('skips a row another transaction holds rather than waiting for it (PostgreSQL: a pool of several connections)', async () => {
      await enqueue(3);
      const [held] = await rows();
      const runner = server.dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        await runner.query('SELECT id FROM outbox_emails WHERE id = $1 FOR UPDATE', [held.id]);
        const mailer = accepting();
        const worker = new OutboxWorker(server.dataSource, mailer, silent);
        expect(await worker.processDue(soon())).toEqual({ sent: 2, failed: 0 });
        expect(mailer.calls.map((m) => m.to)).not.toContain(held.to_address);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
      const mailer = accepting();
      expect(await new OutboxWorker(server.dataSource, mailer, silent).processDue(soon())).toEqual({ sent: 1, failed: 0 });
      expect(mailer.calls.map((m) => m.to)).toEqual([held.to_address]);
    });
});

describe('OutboxWorker.start', () => {
  it('sends what gets queued while it runs, and its stop waits for the send in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mailer = new FakeMailer(async (message) => {
      if (message.to.startsWith('slow')) await gate;
      return { messageId: `<${message.to}>` };
    });
    const worker = new OutboxWorker(server.dataSource, mailer, silent);
    const stop = worker.start(20);

    await enqueue(1, 'quick');
    for (let i = 0; i < 200 && (await rows())[0]?.status !== 'sent'; i++) await sleep(20);
    expect(await row()).toMatchObject({ status: 'sent', provider_message_id: '<quick-0@example.com>' });

    await enqueue(1, 'slow');
    for (let i = 0; i < 200 && !mailer.calls.some((m) => m.to.startsWith('slow')); i++) await sleep(20);
    expect(mailer.calls.map((m) => m.to)).toContain('slow-0@example.com');

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await sleep(50);
    // The send in progress holds the stop back until its outcome is recorded.
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);

    // Stopped: nothing is sent any more.
    const callsBefore = mailer.calls.length;
    await enqueue(1, 'late');
    await sleep(150);
    expect(mailer.calls).toHaveLength(callsBefore);
    expect((await rows()).find((r) => r.to_address.startsWith('late'))).toMatchObject({ status: 'pending' });
  });
});

describe('retryDelayMs', () => {
  it('waits 30 s x 4^(attempt - 1), at most 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
      30 * SECOND,
      2 * MINUTE,
      8 * MINUTE,
      32 * MINUTE,
      128 * MINUTE,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
  });
});
