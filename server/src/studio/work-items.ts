/**
 * Keeps the studio's queue (work_items) in step with each order: after every event the
 * lifecycle records, in that event's transaction, the order's items are worked out again from
 * what the order now is (its status, history and unsent e-mails) and the table is made to match.
 * A change to an order therefore can never leave the queue behind, and the queue is read without
 * looking at any order that needs nothing.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { openChangeRequest } from '../order-page/change-request';
import { OrderEvent } from '../orders/order-event.entity';
import type { EventListener } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderStatus } from '../orders/order-status';
import { Order } from '../orders/order.entity';
import { unresolvedCharges } from '../payments/payment-alerts';
import { attentionDueAt, bookDueAt, changeDueAt } from './work-due';
import { WorkItem } from './work-item.entity';
import { WorkReason } from './work-reason';
import { PROOF_EVENTS } from '../proofs/proof-status';
import { PRINT_EVENTS } from '../printing/print-job-status';

const PROOF_STEPS: ReadonlySet<string> = new Set([PROOF_EVENTS.sent, PROOF_EVENTS.approved, PROOF_EVENTS.changesAsked]);
/** The steps that say whether the print partner has the book (sent) or handed it back (a problem). */
const PRINT_STEPS: ReadonlySet<string> = new Set([PRINT_EVENTS.sent, PRINT_EVENTS.problem]);

export interface WantedItem {
  reason: WorkReason;
  dueAt: Date;
}

export interface OrderState {
  order: Pick<Order, 'status' | 'bookFormat' | 'paidAt'>;
  /** Oldest first. */
  events: OrderEvent[];
  /** When each e-mail to the parent that could not be sent (and was not sent again since) was queued, oldest first. */
  failedEmails: Date[];
}

/** What the staff have to do about an order in this state. */
export function wantedItems({ order, events, failedEmails }: OrderState): WantedItem[] {
  const items: WantedItem[] = [];
  const paidAt = order.paidAt;
  // Once the print partner has the book, it is the partner's to make: only a problem there is the studio's again.
  const printing = events.findLast((event) => PRINT_STEPS.has(event.type));
  if (printing?.type === PRINT_EVENTS.problem && (order.status === OrderStatus.Paid || order.status === OrderStatus.Completed)) {
    items.push({ reason: WorkReason.PRINT_PROBLEM, dueAt: attentionDueAt(printing.createdAt) });
  }
  if (order.status === OrderStatus.Paid && paidAt && !printing) {
    // The newest proof's step says whose turn it is: nothing sent yet, the parent's answer, or the studio's.
    const proof = events.findLast((event) => PROOF_STEPS.has(event.type));
    if (!proof) items.push({ reason: WorkReason.TO_START, dueAt: bookDueAt(order.bookFormat, paidAt) });
    else if (proof.type === PROOF_EVENTS.changesAsked) {
      items.push({ reason: WorkReason.CHANGES_ASKED, dueAt: changeDueAt(proof.createdAt) });
    } else if (proof.type === PROOF_EVENTS.approved) {
      items.push({ reason: WorkReason.APPROVED, dueAt: bookDueAt(order.bookFormat, paidAt) });
    }
  }
  if (order.status === OrderStatus.Completed || order.status === OrderStatus.Shipped) {
    const request = openChangeRequest(events);
    if (request) items.push({ reason: WorkReason.CHANGES_ASKED, dueAt: changeDueAt(request.requestedAt) });
  }
  if (order.status === OrderStatus.Completed && order.bookFormat === 'printed' && paidAt && !printing) {
    items.push({ reason: WorkReason.READY_TO_PRINT, dueAt: bookDueAt('printed', paidAt) });
  }
  const charges = unresolvedCharges(events);
  if (charges.length > 0) {
    items.push({ reason: WorkReason.PAYMENT_ATTENTION, dueAt: attentionDueAt(charges[0].createdAt) });
  }
  if (failedEmails.length > 0) items.push({ reason: WorkReason.EMAIL_FAILING, dueAt: attentionDueAt(failedEmails[0]) });
  return items;
}

export class WorkItems {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {}

  /** For `lifecycle.onEvent`: the order's items follow each event. */
  readonly onOrderEvent: EventListener = (manager, event) => this.refresh(manager, event.orderId);

  /** Makes the order's items what its state asks for, in `manager`'s transaction. */
  async refresh(manager: EntityManager, orderId: string): Promise<void> {
    const order = await manager.findOne(Order, {
      where: { id: orderId },
      select: { id: true, status: true, bookFormat: true, paidAt: true, email: true },
    });
    if (!order) return;
    const events = await manager.find(OrderEvent, { where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const failed: Array<{ created_at: Date }> = await manager.query(
      `SELECT o.created_at FROM outbox_emails o
        WHERE o.order_id = $1 AND o.status = 'failed' AND o.to_address = $2
          AND NOT EXISTS (SELECT 1 FROM outbox_emails n
                           WHERE n.order_id = o.order_id AND n.template = o.template
                             AND n.created_at > o.created_at AND n.status <> 'failed')
        ORDER BY o.created_at`,
      [orderId, order.email],
    );
    const wanted = wantedItems({ order, events, failedEmails: failed.map((row) => new Date(row.created_at)) });
    const existing = await manager.find(WorkItem, { where: { orderId } });
    const gone = existing.filter((item) => !wanted.some((w) => w.reason === item.reason));
    const added = wanted.filter((item) => !existing.some((e) => e.reason === item.reason));
    const moved = [...new Set([...gone, ...added].map((item) => item.reason))].sort();
    if (moved.length > 1) {
      // The counters these writes move, locked in one order: two orders changing the same two
      // reasons the other way round (one item gone, another added) wait for each other, never deadlock.
      await manager.query(`SELECT reason FROM work_counts WHERE reason = ANY($1::varchar[]) ORDER BY reason FOR UPDATE`, [moved]);
    }
    if (gone.length > 0) {
      await manager.query(`DELETE FROM work_items WHERE order_id = $1 AND reason = ANY($2::varchar[])`, [
        orderId,
        gone.map((item) => item.reason),
      ]);
    }
    for (const item of wanted) {
      const before = existing.find((e) => e.reason === item.reason);
      if (!before) {
        await manager.insert(WorkItem, { orderId, reason: item.reason, dueAt: item.dueAt });
      } else if (before.dueAt.getTime() !== item.dueAt.getTime()) {
        // A new due time is a new promise: the staff are told again if it is missed.
        await manager.update(WorkItem, { orderId, reason: item.reason }, { dueAt: item.dueAt, overdueNotifiedAt: null });
      }
    }
  }

  /** The outbox gave up on an e-mail about `orderId`: the order gets its "e-mail failing" item. */
  async emailGaveUp(orderId: string): Promise<void> {
    await this.refreshLocked(orderId);
  }

  /**
   * Works out the items of every order that may have one (after the queue is first created, or to
   * repair it): paid and printed-and-made orders, and any with a change request, a payment alert
   * or an unsent e-mail. Each order in its own short transaction, under its row lock.
   */
  async rebuild(): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM orders WHERE status = 'Paid' OR (status = 'Completed' AND book_format = 'printed')
       UNION SELECT order_id FROM order_events WHERE type IN ('change_requested', 'payment_needs_attention')
       UNION SELECT order_id FROM outbox_emails WHERE status = 'failed' AND order_id IS NOT NULL`,
    );
    for (const { id } of rows) await this.refreshLocked(id);
    this.logger.info('work queue rebuilt', { orders: rows.length });
    return rows.length;
  }

  /** Outside an order's own change: refresh its items in a transaction of their own, under the order-row lock. */
  private refreshLocked(orderId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      if (await lockOrder(manager, orderId)) await this.refresh(manager, orderId);
    });
  }
}
