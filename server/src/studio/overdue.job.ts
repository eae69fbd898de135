/**
 * Tells the staff (STAFF_EMAIL) once when a piece of studio work passes its due time: a job the
 * runner schedules every minute. Each overdue item is marked in the same transaction as its
 * e-mail is queued, so a crash sends neither or both, and two instances never tell twice.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import type { JobDefinition } from '../jobs/job-runner';
import type { OutboxService } from '../mail/outbox.service';
import type { StaffOverdueEmails } from '../mail/templates/staff-notifications';
import { Order } from '../orders/order.entity';
import { WorkReason } from './work-reason';

const EVERY_MINUTE = 60_000;
const BATCH = 100;

export const OVERDUE_WORDS: Record<WorkReason, string> = {
  [WorkReason.TO_START]: 'the book is not made yet',
  [WorkReason.CHANGES_ASKED]: "the parent's change is not answered yet",
  [WorkReason.APPROVED]: 'the approved book is not made yet',
  [WorkReason.READY_TO_PRINT]: 'the printed book is not shipped yet',
  [WorkReason.PRINT_PROBLEM]: "the print partner's problem with the book is not solved yet",
  [WorkReason.PAYMENT_ATTENTION]: 'an extra charge is not refunded yet',
  [WorkReason.EMAIL_FAILING]: 'an e-mail to the parent could not be sent',
};

export class OverdueNotifier {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly emails: StaffOverdueEmails,
    private readonly logger: Logger,
  ) {}

  /** Tells the staff of up to a batch of newly overdue items; answers how many. */
  notify(now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // Each item with its order's row (FOR KEY SHARE, as the e-mail's foreign key takes it), the
      // order's first: an item whose order another transaction holds is passed over, its own row
      // left unlocked. A change to the order (it holds the row, then rewrites the order's items) so
      // never waits on this one while this one waits on it.
      const due: Array<{ order_id: string; reason: WorkReason; due_at: Date }> = await manager.query(
        `SELECT w.order_id, w.reason, w.due_at FROM work_items w JOIN orders o ON o.id = w.order_id
          WHERE w.due_at <= $1 AND w.overdue_notified_at IS NULL
          ORDER BY w.due_at LIMIT ${BATCH}
          FOR KEY SHARE OF o SKIP LOCKED FOR UPDATE OF w SKIP LOCKED`,
        [now.toISOString()],
      );
      for (const item of due) {
        const order = await manager.findOneBy(Order, { id: item.order_id });
        if (order) {
          const work = { what: OVERDUE_WORDS[item.reason], key: item.reason, dueAt: new Date(item.due_at) };
          for (const email of this.emails(order, work)) await this.outbox.enqueue(manager, email);
        }
        await manager.query(`UPDATE work_items SET overdue_notified_at = $3 WHERE order_id = $1 AND reason = $2`, [
          item.order_id,
          item.reason,
          now.toISOString(),
        ]);
      }
      if (due.length > 0) this.logger.warn('studio work overdue', { items: due.length });
      return due.length;
    });
  }
}

export function overdueJob(notifier: OverdueNotifier): JobDefinition {
  return {
    name: 'studio-overdue',
    everyMs: EVERY_MINUTE,
    run: async () => {
      // More than a batch overdue at once (after an outage): keep going until all are told.
      while ((await notifier.notify()) === BATCH);
    },
  };
}

/** Works out the queue of every order again: queued once by the migration that creates the queue. */
export function workItemsRebuildJob(rebuild: () => Promise<number>): JobDefinition {
  return {
    name: 'work-items-rebuild',
    run: async () => {
      await rebuild();
    },
  };
}
