import { UserErrorCode, UserFacingError } from '../common/user-error';
import { assertTransition, canTransition, OrderStatus, STATUS_MESSAGES } from './order-status';

const all = Object.values(OrderStatus);
const moves = all.flatMap((from) => all.map((to) => [from, to] as const));

describe('order status transitions', () => {
  it('allows exactly the lifecycle: pay, deliver, ship (printed, with or without a video), cancel unpaid, refund paid', () => {
    const allowed = moves.filter(([from, to]) => canTransition(from, to)).map(([from, to]) => `${from}->${to}`);
    expect(allowed).toEqual([
      'Pending->Paid',
      'Pending->Cancelled',
      'Paid->Completed',
      'Paid->Shipped',
      'Paid->Refunded',
      'Completed->Shipped',
      'Completed->Refunded',
      'Shipped->Refunded',
    ]);
  });

  it('refuses every other move with a message for the user', () => {
    for (const [from, to] of moves.filter(([f, t]) => !canTransition(f, t))) {
      expect(() => assertTransition(from, to)).toThrow(UserFacingError);
    }
    expect(() => assertTransition(OrderStatus.Pending, OrderStatus.Completed)).toThrow(
      new UserFacingError(UserErrorCode.WRONG_STATUS, 'This order has not been paid yet.'),
    );
    expect(() => assertTransition(OrderStatus.Paid, OrderStatus.Paid)).toThrow('This order has already been paid.');
    expect(() => assertTransition(OrderStatus.Completed, OrderStatus.Paid)).toThrow('This order has already been completed.');
    expect(() => assertTransition(OrderStatus.Shipped, OrderStatus.Shipped)).toThrow(STATUS_MESSAGES.alreadyShipped);
    expect(() => assertTransition(OrderStatus.Paid, OrderStatus.Cancelled)).toThrow(STATUS_MESSAGES.paidNotCancellable);
    expect(() => assertTransition(OrderStatus.Cancelled, OrderStatus.Paid)).toThrow(STATUS_MESSAGES.cancelled);
    expect(() => assertTransition(OrderStatus.Refunded, OrderStatus.Refunded)).toThrow(STATUS_MESSAGES.refunded);
  });

  it('ships printed books only', () => {
    expect(() => assertTransition(OrderStatus.Completed, OrderStatus.Shipped, 'digital')).toThrow(
      STATUS_MESSAGES.digitalNotShipped,
    );
    expect(() => assertTransition(OrderStatus.Completed, OrderStatus.Shipped, 'printed')).not.toThrow();
    expect(() => assertTransition(OrderStatus.Paid, OrderStatus.Shipped, 'digital')).toThrow(STATUS_MESSAGES.digitalNotShipped);
    expect(() => assertTransition(OrderStatus.Paid, OrderStatus.Shipped, 'printed')).not.toThrow();
  });
});
