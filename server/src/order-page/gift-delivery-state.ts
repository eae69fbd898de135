/**
 * What a digital book's delivery date allows now: the parent may change it until the book's
 * e-mail has left the outbox, while the book still has one to come and its details are kept.
 */
import type { EntityManager } from 'typeorm';
import { DELIVERY_REVISED_TEMPLATE, VIDEO_DELIVERY_TEMPLATE } from '../mail/templates/video-delivery';
import type { Order } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';

export const GIFT_DATE_CHANGE_MESSAGES = {
  printed: 'Only a digital book waits for a delivery date: a printed one ships as soon as it is printed.',
  closed: 'This order has nothing left to deliver, so its delivery date cannot change.',
  emailed: 'Your book has already been e-mailed, so its delivery date can no longer change.',
  childDataDeleted: "Your child's details were deleted, so there is no book left to deliver.",
} as const;

/** The e-mails that bring the book: they wait for the gift's day. */
export const DELIVERY_TEMPLATES = [VIDEO_DELIVERY_TEMPLATE, DELIVERY_REVISED_TEMPLATE];

/** The statuses a book still has a delivery e-mail to come in. */
const OPEN_STATUSES: ReadonlySet<OrderStatus> = new Set([OrderStatus.Pending, OrderStatus.Paid, OrderStatus.Completed]);

export interface GiftDeliveryState {
  /** When the book's e-mail went out; null while it waits (or the book is not ready). */
  emailedAt: Date | null;
  /** Whether the parent may still change the day. */
  canChange: boolean;
}

export interface DeliveryEmailRow {
  status: string;
  attempts: number;
  sent_at: Date | null;
}

export async function deliveryEmails(manager: EntityManager, orderId: string, lock: boolean): Promise<DeliveryEmailRow[]> {
  return manager.query(
    `SELECT "status", "attempts", "sent_at" FROM "outbox_emails"
     WHERE "order_id" = $1 AND "template" = ANY($2)${lock ? ' FOR UPDATE' : ''}`,
    [orderId, DELIVERY_TEMPLATES],
  );
}

/** Whether one of the book's e-mails has left, or is leaving, the outbox. */
const goneOut = (rows: readonly DeliveryEmailRow[]) => rows.some((row) => row.status !== 'pending' || row.attempts > 0);

/** Why the day of `order` cannot change now; null when it can. */
export function giftDateRefusal(order: Order, rows: readonly DeliveryEmailRow[]): string | null {
  if (order.bookFormat !== 'digital') return GIFT_DATE_CHANGE_MESSAGES.printed;
  if (order.childDataDeletedAt) return GIFT_DATE_CHANGE_MESSAGES.childDataDeleted;
  if (goneOut(rows)) return GIFT_DATE_CHANGE_MESSAGES.emailed;
  if (!OPEN_STATUSES.has(order.status)) return GIFT_DATE_CHANGE_MESSAGES.closed;
  return null;
}

/** What the order page shows of a digital book's delivery date: null for a printed book. */
export async function giftDeliveryState(manager: EntityManager, order: Order): Promise<GiftDeliveryState | null> {
  if (order.bookFormat !== 'digital') return null;
  const rows = await deliveryEmails(manager, order.id, false);
  const sent = rows.map((row) => row.sent_at).filter((at): at is Date => at !== null);
  return {
    emailedAt: sent.length ? new Date(Math.min(...sent.map((at) => new Date(at).getTime()))) : null,
    canChange: giftDateRefusal(order, rows) === null,
  };
}
