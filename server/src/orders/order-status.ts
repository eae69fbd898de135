/**
 * Order states and the transitions allowed between them. Every status change goes through
 * `assertTransition`, so a wrong-state request is refused with a message and changes nothing.
 */
import { registerEnumType } from 'type-graphql';
import { UserErrorCode, UserFacingError } from '../common/user-error';

export enum OrderStatus {
  Pending = 'Pending',
  Paid = 'Paid',
  Completed = 'Completed',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description: 'Pending until paid; Paid until the admin delivers the video; then Completed.',
});

const allowed: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Pending]: [OrderStatus.Paid],
  [OrderStatus.Paid]: [OrderStatus.Completed],
  [OrderStatus.Completed]: [],
};

const refusals: Record<OrderStatus, string> = {
  [OrderStatus.Pending]: 'This order has not been paid yet.',
  [OrderStatus.Paid]: 'This order has already been paid.',
  [OrderStatus.Completed]: 'This order has already been completed.',
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowed[from].includes(to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new UserFacingError(UserErrorCode.WRONG_STATUS, refusals[from], 'status');
}
