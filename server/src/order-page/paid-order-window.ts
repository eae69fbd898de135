/**
 * Whether the parent may still correct a paid book's details or cancel it with a full refund:
 * only while nobody has started on it. Started means the studio's first step is in the order's
 * history (it was assigned, a proof or print files were sent) or the book was delivered, and in
 * any case the window closes PAID_ORDER_CHANGE_HOURS after payment. The history is read under the
 * order's row lock by whoever acts, and every studio step takes that lock too, so a change and an
 * assignment never both win.
 */
import { In, type EntityManager } from 'typeorm';
import { PAID_ORDER_CHANGE_HOURS } from '../catalogue/catalogue';
import type { OrderEventType } from '../orders/order-event-type';
import { OrderEvent } from '../orders/order-event.entity';
import type { Order } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';
import { actorLabel, CUSTOMER } from '../orders/actor';
import { Refund } from '../payments/refund.entity';

export const PAID_CHANGE_MESSAGES = {
  notPaid: 'Only a paid book that our studio has not started on can be changed or cancelled here.',
  started:
    'Our studio has started on this book, so it can no longer be changed or cancelled here. Please contact us and we will see what we can still do.',
  tooLate: `It is more than ${PAID_ORDER_CHANGE_HOURS} hours since you paid, so our studio may already be working on this book. Please contact us and we will see what we can still do.`,
  deleted: "Your child's details were deleted, so the book can no longer be changed.",
  cancelling:
    'Your cancellation is being refunded: this page shows the refund once the payment provider has sent the money back.',
} as const;

/** The studio's steps after which a book is being made. */
export const PRODUCTION_EVENTS: readonly OrderEventType[] = ['assigned', 'proof_sent', 'print_files_ready', 'print_job_sent'];

export interface PaidChangeWindow {
  /** Whether the parent may change or cancel the book now. */
  open: boolean;
  /** When it closes at the latest; null when it is not open. */
  until: Date | null;
  /** Why not, for a paid book whose window has closed; null otherwise. */
  whyNot: string | null;
}

const CLOSED: PaidChangeWindow = { open: false, until: null, whyNot: null };

/** The rule, given whether the studio has started (pure, so its edges are unit-tested). */
export function paidChangeWindow(
  order: Pick<Order, 'status' | 'paidAt' | 'childDataDeletedAt'>,
  started: boolean,
  now: Date,
): PaidChangeWindow {
  if (order.status !== OrderStatus.Paid || !order.paidAt) {
    const delivered = order.status === OrderStatus.Completed || order.status === OrderStatus.Shipped;
    return delivered ? { ...CLOSED, whyNot: PAID_CHANGE_MESSAGES.started } : CLOSED;
  }
  if (order.childDataDeletedAt) return { ...CLOSED, whyNot: PAID_CHANGE_MESSAGES.deleted };
  if (started) return { ...CLOSED, whyNot: PAID_CHANGE_MESSAGES.started };
  const until = new Date(order.paidAt.getTime() + PAID_ORDER_CHANGE_HOURS * 3600_000);
  if (now.getTime() >= until.getTime()) return { ...CLOSED, whyNot: PAID_CHANGE_MESSAGES.tooLate };
  return { open: true, until, whyNot: null };
}

/** Whether the studio has taken a step on the order (read with the caller's manager: under its lock, when it holds one). */
export async function productionStarted(manager: EntityManager, orderId: string): Promise<boolean> {
  return manager.exists(OrderEvent, { where: { orderId, type: In([...PRODUCTION_EVENTS]) } });
}

/** Whether the parent's own cancellation is being refunded (asked of the provider, or waiting there). */
async function cancellationUnderWay(manager: EntityManager, orderId: string): Promise<boolean> {
  return manager.exists(Refund, {
    where: { orderId, actor: actorLabel(CUSTOMER), status: In(['requested', 'unconfirmed', 'pending']) },
  });
}

export async function paidChangeWindowOf(manager: EntityManager, order: Order, now: Date): Promise<PaidChangeWindow> {
  if (order.status !== OrderStatus.Paid) return paidChangeWindow(order, false, now);
  if (await cancellationUnderWay(manager, order.id)) return { ...CLOSED, whyNot: PAID_CHANGE_MESSAGES.cancelling };
  return paidChangeWindow(order, await productionStarted(manager, order.id), now);
}
