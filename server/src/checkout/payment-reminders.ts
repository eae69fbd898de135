/**
 * One e-mail to a parent whose order has waited a day for payment, with the link to its page:
 * never a second one, none for an order paid or cancelled meanwhile, none for one whose child's
 * details were deleted. The `payment-reminders` job runs it every 15 minutes.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import type { JobDefinition } from '../jobs/job-runner';
import { paymentReminderOutboxEmail } from '../mail/templates/payment-reminder';
import type { OutboxService } from '../mail/outbox.service';
import { jobActor } from '../orders/actor';
import type { OrderLinks } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderStatus } from '../orders/order-status';
import { checkoutTotalCents, pendingCheckoutBooks } from '../orders/checkout-books';

export const PAYMENT_REMINDER_JOB = 'payment-reminders';
export const PAYMENT_REMINDER_EVENT = 'payment_reminder_sent';
/** How long an order waits for payment before the reminder. */
export const PAYMENT_REMINDER_AFTER_MS = 24 * 3600_000;
/** Orders older than this are not reminded (after an outage, or when the shop first runs the job). */
const REMINDER_HORIZON_MS = 7 * 24 * 3600_000;
const BATCH = 100;
const EVERY_FIFTEEN_MINUTES = 15 * 60_000;

export class PaymentReminders {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly logger: Logger,
    private readonly links: OrderLinks,
  ) {}

  /** Reminds up to a batch of the orders due; returns how many were reminded (a full batch: run again; failures wait for the next run). */
  async remindUnpaid(now = new Date()): Promise<number> {
    const due: Array<{ id: string }> = await this.dataSource.query(
      `SELECT o.id FROM orders o
        WHERE o.status = $1 AND o.created_at <= $2 AND o.created_at > $3 AND o.child_data_deleted_at IS NULL
          AND (o.checkout_id IS NULL OR o.checkout_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.type = $4)
        ORDER BY o.created_at
        LIMIT ${BATCH}`,
      [
        OrderStatus.Pending,
        new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS).toISOString(),
        new Date(now.getTime() - REMINDER_HORIZON_MS).toISOString(),
        PAYMENT_REMINDER_EVENT,
      ],
    );
    let reminded = 0;
    for (const { id } of due) {
      const sent = await this.remindOne(id).catch((error: unknown) => {
        // One order that cannot be reminded now must not hold up the others: it is tried again next run.
        this.logger.error('payment reminder failed', { error, orderId: id });
        return false;
      });
      if (sent) reminded++;
    }
    if (reminded > 0) this.logger.info('payment reminders queued', { count: reminded });
    return reminded;
  }

  /** On the locked order: still unpaid and not yet reminded (another instance, a payment meanwhile). */
  private remindOne(orderId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order || order.status !== OrderStatus.Pending || order.childDataDeletedAt) return false;
      const [already] = await manager.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND type = $2 LIMIT 1`, [
        orderId,
        PAYMENT_REMINDER_EVENT,
      ]);
      if (already) return false;
      // What the checkout's payment is for: every book waiting in it, not the first one alone.
      const due = checkoutTotalCents(await pendingCheckoutBooks(manager, order));
      await this.outbox.enqueue(
        manager,
        paymentReminderOutboxEmail({ ...order, amountCents: due }, await this.links.emailOptions(manager, orderId)),
      );
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: PAYMENT_REMINDER_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: jobActor(PAYMENT_REMINDER_JOB),
        data: {},
      });
      return true;
    });
  }
}

/** Every 15 minutes: the orders that have waited a day for payment get their one reminder. */
export function paymentRemindersJob(reminders: PaymentReminders): JobDefinition {
  return {
    name: PAYMENT_REMINDER_JOB,
    everyMs: EVERY_FIFTEEN_MINUTES,
    run: async () => {
      while ((await reminders.remindUnpaid()) === BATCH);
    },
  };
}
