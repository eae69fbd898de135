import { OrderStatus } from '../orders/order-status';
import { PAID_CHANGE_MESSAGES, paidChangeWindow } from './paid-order-window';

describe('the window in which a parent may correct or cancel a paid book', () => {
  const paidAt = new Date('2026-11-27T08:00:00Z');
  const paid = { status: OrderStatus.Paid, paidAt, childDataDeletedAt: null };
  const at = (iso: string) => new Date(iso);

  it('is open for 12 hours after payment while nobody has started, and says until when', () => {
    expect(paidChangeWindow(paid, false, at('2026-11-27T19:59:59.999Z'))).toEqual({
      open: true,
      until: at('2026-11-27T20:00:00Z'),
      whyNot: null,
    });
    expect(paidChangeWindow(paid, false, at('2026-11-27T20:00:00Z'))).toEqual({
      open: false,
      until: null,
      whyNot: PAID_CHANGE_MESSAGES.tooLate,
    });
  });

  it('closes as soon as the studio has started, and for a book whose details were deleted', () => {
    expect(paidChangeWindow(paid, true, at('2026-11-27T08:01:00Z')).whyNot).toBe(PAID_CHANGE_MESSAGES.started);
    expect(paidChangeWindow({ ...paid, childDataDeletedAt: paidAt }, false, paidAt).whyNot).toBe(PAID_CHANGE_MESSAGES.deleted);
  });

  it('says a delivered book was started, and says nothing for one unpaid, cancelled or refunded', () => {
    expect(paidChangeWindow({ ...paid, status: OrderStatus.Completed }, false, paidAt).whyNot).toBe(PAID_CHANGE_MESSAGES.started);
    for (const status of [OrderStatus.Pending, OrderStatus.Cancelled, OrderStatus.Refunded]) {
      expect(paidChangeWindow({ ...paid, status }, false, paidAt)).toEqual({ open: false, until: null, whyNot: null });
    }
  });
});
