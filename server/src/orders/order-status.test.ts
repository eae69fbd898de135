import { UserErrorCode, UserFacingError } from '../common/user-error';
import { assertTransition, canTransition, OrderStatus } from './order-status';

describe('order status transitions', () => {
  it('allows only Pending -> Paid -> Completed', () => {
    const all = Object.values(OrderStatus);
    const allowed = all.flatMap((from) => all.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed).toEqual(['Pending->Paid', 'Paid->Completed']);
  });

  it('refuses anything else with a message for the user', () => {
    expect(() => assertTransition(OrderStatus.Pending, OrderStatus.Completed)).toThrow(
      new UserFacingError(UserErrorCode.WRONG_STATUS, 'This order has not been paid yet.'),
    );
    expect(() => assertTransition(OrderStatus.Paid, OrderStatus.Paid)).toThrow('This order has already been paid.');
    expect(() => assertTransition(OrderStatus.Completed, OrderStatus.Paid)).toThrow(
      'This order has already been completed.',
    );
  });
});
