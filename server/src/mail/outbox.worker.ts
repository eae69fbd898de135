/**
 * Sends the outbox's due e-mails. Any number of workers, in any number of processes, may run:
 * a row is claimed (status 'sending', attempts + 1, a lease in locked_until) by one short
 * statement with FOR UPDATE SKIP LOCKED, so two workers never claim the same row. The e-mail is
 * then sent with no transaction open (the embedded database has a single connection: holding
 * one across network I/O would stall every request), and the row is marked sent, or put back
 * to pending with exponential backoff, or failed after maxAttempts.
 *
 * Exactly once, as far as it can be: a row is sent again only after a failure the provider
 * reported. When the outcome is unknown (the send timed out or its connection dropped after the
 * request went out, or a worker died mid-send and its lease ran out) the row is marked
 * outcome_unknown, and its next attempt first asks the provider whether it accepted the message
 * (by the row's id, which goes out with it): if so the row is marked sent, never sent twice; if
 * the provider cannot be asked, the row waits with backoff rather than being sent blind.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import type { Metrics } from '../observability/metrics';
import { type Mailer, OutcomeUnknownError } from './mailer';

export interface OutboxWorkerOptions {
  /** Rows claimed (and sent in parallel) per run. Default 10. */
  batchSize?: number;
  /** Send attempts before a row is marked 'failed'. Default 8 (about 15 hours of retries). */
  maxAttempts?: number;
  /** Where sends and failed sends are counted. */
  metrics?: Pick<Metrics, 'emailSent' | 'emailFailed'>;
  /** Told when an e-mail about an order is given up on (the studio's queue shows it); its failure is only logged. */
  onGaveUp?: (orderId: string) => Promise<void>;
}

export interface ProcessResult {
  /** E-mails the provider accepted in this run. */
  sent: number;
  /** Claimed e-mails that were not sent in this run (put back for a retry, or given up). */
  failed: number;
}

/** How long a claim lasts: a worker that dies mid-send leaves the row to be taken again after this. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const MAX_ERROR_LENGTH = 2000;

/** The wait after failed attempt number `attempts` (1-based): 30 s, 2 min, 8 min, ... capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_RETRY_MS * 4 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

interface ClaimedRow {
  id: string;
  template: string;
  order_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  outcome_unknown: boolean;
}

export class OutboxWorker {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly metrics: OutboxWorkerOptions['metrics'];
  private readonly onGaveUp: OutboxWorkerOptions['onGaveUp'];

  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    options: OutboxWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.metrics = options.metrics;
    this.onGaveUp = options.onGaveUp;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new Error('batchSize must be a positive integer');
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) throw new Error('maxAttempts must be a positive integer');
  }

  /** Claims the rows due at `now`, sends them, records each outcome. `now` is used in every write. */
  async processDue(now: Date = new Date()): Promise<ProcessResult> {
    const claimed = await this.claim(now);
    const outcomes = await Promise.all(claimed.map((row) => this.deliver(row, now)));
    const sent = outcomes.filter(Boolean).length;
    return { sent, failed: outcomes.length - sent };
  }

  /**
   * Runs processDue now and then every `intervalMs` (at once again while batches come back
   * full). Returns a stop function that resolves once the run in progress has finished, so a
   * shutdown does not cut a send off between the provider's answer and its record.
   */
  start(intervalMs = 5000): () => Promise<void> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<void> | undefined;

    const tick = async () => {
      let full = false;
      try {
        const result = await this.processDue();
        full = result.sent + result.failed >= this.batchSize;
      } catch (error) {
        this.logger.error('outbox run failed', { error });
      }
      if (stopped) return;
      timer = setTimeout(run, full ? 0 : intervalMs);
      timer.unref();
    };
    const run = () => {
      current = tick().finally(() => {
        current = undefined;
      });
    };

    run();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    };
  }

  /** One statement, so one short transaction: take up to batchSize due rows no one else holds. */
  private async claim(now: Date): Promise<ClaimedRow[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(
        `WITH due AS MATERIALIZED (
           SELECT "id" FROM "outbox_emails"
           WHERE ("status" = 'pending' AND "next_attempt_at" <= $1)
              OR ("status" = 'sending' AND "locked_until" < $1)
           ORDER BY "next_attempt_at", "id"
           LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE "outbox_emails" AS o
         SET "status" = 'sending', "attempts" = o."attempts" + 1, "locked_until" = $3,
             -- A row still 'sending' was left by a worker that died mid-send: it may have gone out.
             "outcome_unknown" = o."outcome_unknown" OR o."status" = 'sending'
         FROM due
         WHERE o."id" = due."id"
         RETURNING o."id", o."template", o."order_id", o."to_address", o."subject", o."html", o."text", o."attempts",
                   o."outcome_unknown"`,
        [now, this.batchSize, new Date(now.getTime() + OUTBOX_LEASE_MS)],
        true,
      );
      return result.records as ClaimedRow[];
    } finally {
      await runner.release();
    }
  }

  /** Sends one claimed row and records the outcome; true when the provider took it. */
  private async deliver(row: ClaimedRow, now: Date): Promise<boolean> {
    const fields = { outboxId: row.id, template: row.template, orderId: row.order_id, attempt: row.attempts };
    try {
      if (row.attempts > this.maxAttempts) {
        // Only a row whose worker died while sending its last attempt gets here.
        await this.recordFailure(row, now, 'The worker stopped while sending the last attempt; it may not have been delivered.');
        return false;
      }
      if (row.outcome_unknown && this.mailer.findAccepted) {
        let found: { messageId: string } | null;
        try {
          found = await this.mailer.findAccepted(row.id);
        } catch (error) {
          // Sending now could make a second copy: wait and ask again.
          await this.recordFailure(row, now, `outcome unknown: ${describeError(error)}`, true);
          return false;
        }
        if (found) {
          await this.recordSent(row, found.messageId, now);
          this.metrics?.emailSent();
          this.logger.info('e-mail found accepted by the provider, not sent again', {
            ...fields,
            messageId: found.messageId,
            provider: this.mailer.name,
          });
          return true;
        }
      }
      let messageId: string;
      try {
        ({ messageId } = await this.mailer.send(
          {
            to: row.to_address,
            subject: row.subject,
            html: row.html,
            text: row.text,
          },
          row.id,
        ));
      } catch (error) {
        await this.recordFailure(row, now, describeError(error), error instanceof OutcomeUnknownError);
        return false;
      }
      await this.recordSent(row, messageId, now);
      this.metrics?.emailSent();
      this.logger.info('e-mail sent', { ...fields, messageId, provider: this.mailer.name });
      return true;
    } catch (error) {
      // The database failed while recording: the lease runs out and the row is taken again.
      this.logger.error('outbox could not record a send', { ...fields, error });
      return false;
    }
  }

  /**
   * The e-mail went out: record it whoever holds the row now. A database hiccup here would
   * get it sent again once the lease runs out, so try a few times before giving up.
   */
  private async recordSent(row: ClaimedRow, messageId: string, now: Date): Promise<void> {
    const delays = [0, 200, 1000, 5000];
    for (let i = 0; ; i++) {
      try {
        await this.dataSource.query(
          `UPDATE "outbox_emails"
           SET "status" = 'sent', "provider_message_id" = $2, "sent_at" = $3, "locked_until" = NULL, "outcome_unknown" = false
           WHERE "id" = $1 AND "status" <> 'sent'`,
          [row.id, messageId, now],
        );
        return;
      } catch (error) {
        if (i + 1 >= delays.length) throw error;
        this.logger.warn('outbox could not record a send, retrying', { outboxId: row.id, error });
        await new Promise((resolve) => setTimeout(resolve, delays[i + 1]));
      }
    }
  }

  /** Back to pending with backoff, or failed for good; only while the row is still this claim's. */
  private async recordFailure(row: ClaimedRow, now: Date, message: string, outcomeUnknown = false): Promise<void> {
    const lastError = message.slice(0, MAX_ERROR_LENGTH);
    const fields = { outboxId: row.id, template: row.template, orderId: row.order_id, attempt: row.attempts, error: lastError };
    this.metrics?.emailFailed(row.attempts >= this.maxAttempts ? 'gave_up' : 'retry');
    if (row.attempts >= this.maxAttempts) {
      await this.dataSource.query(
        `UPDATE "outbox_emails" SET "status" = 'failed', "locked_until" = NULL, "last_error" = $3, "outcome_unknown" = $4
         WHERE "id" = $1 AND "status" = 'sending' AND "attempts" = $2`,
        [row.id, row.attempts, lastError, outcomeUnknown],
      );
      this.logger.error('e-mail not sent, giving up', fields);
      if (row.order_id && this.onGaveUp) {
        await this.onGaveUp(row.order_id).catch((error: unknown) =>
          this.logger.error('could not put the unsent e-mail in the studio queue', { ...fields, error }),
        );
      }
      return;
    }
    // A message whose fate is unknown is looked up before it is sent again; the provider's event
    // log can lag, so that lookup waits long enough for an accepted message to show up there.
    const delay = outcomeUnknown
      ? Math.max(retryDelayMs(row.attempts), UNKNOWN_OUTCOME_LOOKUP_DELAY_MS)
      : retryDelayMs(row.attempts);
    const retryAt = new Date(now.getTime() + delay);
    await this.dataSource.query(
      `UPDATE "outbox_emails"
       SET "status" = 'pending', "next_attempt_at" = $3, "locked_until" = NULL, "last_error" = $4, "outcome_unknown" = $5
       WHERE "id" = $1 AND "status" = 'sending' AND "attempts" = $2`,
      [row.id, row.attempts, retryAt, lastError, outcomeUnknown],
    );
    this.logger.warn('e-mail not sent, will retry', { ...fields, retryAt: retryAt.toISOString() });
  }
}

/** How long after a send of unknown outcome the provider is asked about it (Mailgun's events can take minutes to appear). */
export const UNKNOWN_OUTCOME_LOOKUP_DELAY_MS = 5 * 60_000;

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
