import { changeWindow, openChangeRequest } from './change-request';
import type { OrderEvent } from '../orders/order-event.entity';
import { OrderStatus } from '../orders/order-status';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
const event = (type: string, minute: number, data: OrderEvent['data'] = {}) =>
  ({ type, createdAt: at(minute), data }) as OrderEvent;

describe('openChangeRequest', () => {
  it('is the latest request no revision has answered', () => {
    expect(openChangeRequest([event('completed', 0), event('change_requested', 5, { message: 'Blue cape' })])).toEqual({
      message: 'Blue cape',
      requestedAt: at(5),
    });
  });

  it('is null once a later revision answers it, or when none was made', () => {
    expect(openChangeRequest([event('change_requested', 5, { message: 'Blue cape' }), event('delivery_revised', 9)])).toBeNull();
    expect(openChangeRequest([event('completed', 0), event('delivery_revised', 9)])).toBeNull();
    expect(openChangeRequest([])).toBeNull();
  });

  it('is a request made after an earlier revision', () => {
    expect(openChangeRequest([event('delivery_revised', 2), event('change_requested', 5, { message: 'Again' })])?.message).toBe(
      'Again',
    );
  });
});

const DAY = 86_400_000;
// A Wednesday, so the days on the road after shipping are plain weekdays.
const completedAt = new Date('2026-11-18T12:00:00Z');
const dayAt = (days: number) => new Date(completedAt.getTime() + days * DAY);

describe("the parent's change window", () => {
  it('is closed before the book is delivered', () => {
    expect(changeWindow({ status: OrderStatus.Paid, bookFormat: 'digital', completedAt: null, shippedAt: null })).toEqual({
      open: false,
      until: null,
    });
  });

  it('lasts 7 days from delivery for a digital book', () => {
    const order = { status: OrderStatus.Completed, bookFormat: 'digital' as const, completedAt, shippedAt: null };
    expect(changeWindow(order, dayAt(6))).toEqual({ open: true, until: dayAt(7) });
    expect(changeWindow(order, dayAt(8))).toEqual({ open: false, until: dayAt(7) });
  });

  it('stays open for a printed book made but not shipped: its days count from arrival', () => {
    const order = { status: OrderStatus.Completed, bookFormat: 'printed' as const, completedAt, shippedAt: null };
    expect(changeWindow(order, dayAt(30))).toEqual({ open: true, until: null });
  });

  it("lasts 7 days from a shipped book's arrival (shipping plus 3 business days), never less than from delivery", () => {
    const late = { status: OrderStatus.Shipped, bookFormat: 'printed' as const, completedAt, shippedAt: dayAt(9) };
    // Shipped Friday 27 Nov: arrives Wednesday 2 Dec, so changes until Wednesday 9 Dec.
    expect(changeWindow(late, dayAt(20))).toEqual({ open: true, until: new Date('2026-12-09T12:00:00Z') });
    expect(changeWindow(late, dayAt(22)).open).toBe(false);
    const early = { status: OrderStatus.Shipped, bookFormat: 'printed' as const, completedAt, shippedAt: dayAt(-5) };
    expect(changeWindow(early, dayAt(6))).toEqual({ open: true, until: dayAt(7) });
  });
});
