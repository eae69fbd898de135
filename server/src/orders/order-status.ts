/**
 * Order states and the table of moves between them. The lifecycle (order-lifecycle.ts) is
 * the only code that changes a status, and it asks this table first: a move the table does
 * not allow is refused with the message the user sees, and changes nothing.
 */
import { registerEnumType } from 'type-graphql';
import type { BookFormat } from '../catalogue/catalogue';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import type { OrderEventType } from './order-event-type';

export enum OrderStatus {
  Pending = 'Pending',
  Paid = 'Paid',
  Completed = 'Completed',
  Shipped = 'Shipped',
  Cancelled = 'Cancelled',
  Refunded = 'Refunded',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description:
    'Pending until paid; Paid until the finished book is delivered; then Completed, and Shipped once a printed ' +
    'book is on its way. An unpaid order may be Cancelled; a paid one Refunded.',
});

/** The order's timestamp column each status sets when it is entered. */
export const STATUS_TIMESTAMP = {
  [OrderStatus.Paid]: 'paidAt',
  [OrderStatus.Completed]: 'completedAt',
  [OrderStatus.Shipped]: 'shippedAt',
  [OrderStatus.Cancelled]: 'cancelledAt',
  [OrderStatus.Refunded]: 'refundedAt',
} as const satisfies Record<Exclude<OrderStatus, OrderStatus.Pending>, string>;

/** The `order_events.type` recorded when an order enters a status: snake_case, like every event type. */
export const STATUS_EVENT = {
  [OrderStatus.Paid]: 'paid',
  [OrderStatus.Completed]: 'completed',
  [OrderStatus.Shipped]: 'shipped',
  [OrderStatus.Cancelled]: 'cancelled',
  [OrderStatus.Refunded]: 'refunded',
} as const satisfies Record<Exclude<OrderStatus, OrderStatus.Pending>, OrderEventType>;

/** Statuses in which the finished book has been delivered, and the parent's link works. */
export const DELIVERED_STATUSES: readonly OrderStatus[] = [OrderStatus.Completed, OrderStatus.Shipped];

export function isDelivered(status: OrderStatus): boolean {
  return DELIVERED_STATUSES.includes(status);
}

/** The moves allowed from each status. */
const allowed: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Pending]: [OrderStatus.Paid, OrderStatus.Cancelled],
  // A printed book may be shipped before (or without) a video: the book is what the parent paid for.
  [OrderStatus.Paid]: [OrderStatus.Completed, OrderStatus.Shipped, OrderStatus.Refunded],
  [OrderStatus.Completed]: [OrderStatus.Shipped, OrderStatus.Refunded],
  [OrderStatus.Shipped]: [OrderStatus.Refunded],
  [OrderStatus.Cancelled]: [],
  [OrderStatus.Refunded]: [],
};

export const STATUS_MESSAGES = {
  notPaid: 'This order has not been paid yet.',
  alreadyPaid: 'This order has already been paid.',
  alreadyCompleted: 'This order has already been completed.',
  alreadyShipped: 'This order has already been shipped.',
  cancelled: 'This order has been cancelled.',
  refunded: 'This order has been refunded.',
  paidNotCancellable: 'A paid order cannot be cancelled; refund it instead.',
  digitalNotShipped: 'Only printed books are shipped.',
} as const;

/** Why an order in `from` cannot move to `to`: the reason nearest to what the user asked for. */
function refusal(from: OrderStatus, to: OrderStatus): string {
  if (from === OrderStatus.Cancelled) return STATUS_MESSAGES.cancelled;
  if (from === OrderStatus.Refunded) return STATUS_MESSAGES.refunded;
  if (to === OrderStatus.Cancelled) return STATUS_MESSAGES.paidNotCancellable;
  if (from === OrderStatus.Pending) return STATUS_MESSAGES.notPaid;
  if (from === OrderStatus.Shipped)
    return to === OrderStatus.Shipped ? STATUS_MESSAGES.alreadyShipped : STATUS_MESSAGES.alreadyCompleted;
  if (from === OrderStatus.Completed) return STATUS_MESSAGES.alreadyCompleted;
  return STATUS_MESSAGES.alreadyPaid;
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowed[from].includes(to);
}

/** The user's refusal when an order of this format may not move from `from` to `to`; null when it may. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, bookFormat?: BookFormat): UserFacingError | null {
  if (!canTransition(from, to)) return new UserFacingError(UserErrorCode.WRONG_STATUS, refusal(from, to), 'status');
  if (to === OrderStatus.Shipped && bookFormat === 'digital') {
    return new UserFacingError(UserErrorCode.WRONG_STATUS, STATUS_MESSAGES.digitalNotShipped, 'status');
  }
  return null;
}

/** Throws the user's refusal unless an order of this format may move from `from` to `to`. */
export function assertTransition(from: OrderStatus, to: OrderStatus, bookFormat?: BookFormat): void {
  const refused = transitionRefusal(from, to, bookFormat);
  if (refused) throw refused;
}
