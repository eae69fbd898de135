/**
 * The transactional outbox: an e-mail is queued as a row in the same transaction as the change
 * that causes it, so a committed change always has its e-mail and a rolled-back one never does.
 * The OutboxWorker sends the rows later. The idempotency key makes queueing the same e-mail
 * twice (a retried request, a webhook racing the browser) a no-op.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { Logger } from '../common/logger';
import { NOW_MS } from '../common/now-ms';
import { isUuid } from '../common/uuid';
import type { OutboxBacklog } from '../observability/metrics';
import type { QueuedEmail } from '../orders/order-email';
import { OutboxEmail } from './outbox-email.entity';

/** An e-mail for the outbox: the order kernel's QueuedEmail, which the outbox is the queue of. */
export type OutboxEmailInput = QueuedEmail;

export interface OutboxServiceOptions {
  /** False when no mail provider is configured: e-mails stay in the outbox and are logged instead. */
  sendingEnabled: boolean;
  /** Whether that log shows an e-mail's subject and text (outside production); production logs only that it was queued. */
  logContents?: boolean;
}

export class OutboxService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly options: OutboxServiceOptions,
  ) {}

  /**
   * Queues an e-mail inside the caller's transaction (`manager` must be the transaction's).
   * A second call with the same idempotency key changes nothing.
   */
  async enqueue(manager: EntityManager, email: OutboxEmailInput): Promise<void> {
    const id = randomUUID();
    // An INSERT ... RETURNING comes back as its rows: one when inserted, none on a conflict.
    const inserted: Array<{ id: string }> = await manager.query(
      `INSERT INTO "outbox_emails" ("id", "idempotency_key", "order_id", "template", "to_address", "subject", "html", "text",
                                    "not_before", "next_attempt_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($9, ${NOW_MS}))
       ON CONFLICT ("idempotency_key") DO NOTHING
       RETURNING "id"`,
      [
        id,
        email.idempotencyKey,
        email.orderId,
        email.template,
        email.to,
        email.subject,
        email.html,
        email.text,
        email.notBefore ?? null,
      ],
    );
    if (inserted.length === 0) {
      this.logger.debug('e-mail already queued', { idempotencyKey: email.idempotencyKey, orderId: email.orderId });
      return;
    }
    const waits = email.notBefore && email.notBefore.getTime() > Date.now() ? { notBefore: email.notBefore } : {};
    if (this.options.sendingEnabled) {
      this.logger.info('e-mail queued', { outboxId: id, template: email.template, orderId: email.orderId, ...waits });
    } else if (this.options.logContents ?? true) {
      // No mail provider: the row stays pending in the outbox; show a developer what it says.
      this.logger.info('e-mail queued, not sent: no mail provider is configured', {
        outboxId: id,
        template: email.template,
        orderId: email.orderId,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
    } else {
      // The logger masks the address in production.
      this.logger.info('e-mail queued, not sent: no mail provider is configured', {
        outboxId: id,
        template: email.template,
        orderId: email.orderId,
        to: email.to,
      });
    }
  }

  /**
   * How many e-mails are due and unsent and how long the oldest has waited since it was due: one
   * indexed query, for the metrics. An e-mail waiting for its day (a gift's) is not late, so not counted.
   */
  async backlog(): Promise<OutboxBacklog> {
    const [row]: Array<{ pending: number; oldest: number | null }> = await this.dataSource.query(
      `SELECT count(*)::int AS "pending",
              EXTRACT(EPOCH FROM (now() - min(GREATEST("created_at", COALESCE("not_before", "created_at")))))::float8 AS "oldest"
       FROM "outbox_emails"
       WHERE "status" IN ('pending', 'sending') AND ("not_before" IS NULL OR "not_before" <= now())`,
    );
    return { pending: Number(row.pending), oldestAgeSeconds: Math.max(0, Number(row.oldest ?? 0)) };
  }

  /** The e-mails of several orders in one query, oldest first, in the order of `orderIds` (for a DataLoader). */
  async emailsForOrders(orderIds: readonly string[]): Promise<OutboxEmail[][]> {
    const ids = [...new Set(orderIds)].filter((id) => isUuid(id));
    if (ids.length === 0) return orderIds.map(() => []);
    const emails = await this.dataSource.getRepository(OutboxEmail).find({
      where: { orderId: In(ids) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const byOrder = new Map(orderIds.map((id) => [id, [] as OutboxEmail[]]));
    for (const email of emails) if (email.orderId) byOrder.get(email.orderId)?.push(email);
    return orderIds.map((id) => byOrder.get(id) ?? []);
  }
}
