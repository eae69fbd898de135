import type { OrderEventType } from '../orders/order-event-type';
import { orderTimeline } from './order-timeline';

const at = new Date('2026-01-02T03:04:05Z');
const event = (type: OrderEventType, data: Record<string, string | number | null> = {}, actor = 'customer') => ({
  type,
  actor,
  data,
  createdAt: at,
});

describe('orderTimeline', () => {
  it('says each step of the lifecycle in plain words', () => {
    const entries = orderTimeline(
      [
        event('created', { amountCents: 5000 }),
        event('order_updated'),
        event('paid', { amountCents: 5000 }),
        event('completed'),
        event('change_requested', { message: 'Please spell it Mía' }),
        event('delivery_revised', { version: 2 }),
        event('shipped', { carrier: 'UPS', trackingNumber: '1Z9' }),
        event('partial_refund', { amountCents: 1000 }),
        event('refunded', { amountCents: 4000 }),
        event('photo_deleted', {}, 'system'),
        event('child_data_deleted'),
        event('order_link_renewed'),
      ],
      'USD',
    );
    expect(entries.map(({ title, detail }) => [title, detail])).toEqual([
      ['Order placed', null],
      ['Order details updated', null],
      ['Payment received', '$50.00'],
      ['Your book is ready', 'Watch and download it on this page.'],
      ['Change requested', 'Please spell it Mía'],
      ['Your book was updated', 'Version 2'],
      ['Shipped with UPS', 'Tracking number 1Z9'],
      ['Partly refunded', '$10.00'],
      ['Refunded', '$40.00'],
      ['Photo deleted', "We delete your child's photo once the book no longer needs it."],
      ["Your child's photo and details were deleted", 'At your request. We keep only what our accounts need.'],
      ['Private link renewed', 'Older links no longer open this order.'],
    ]);
    expect(entries.every((entry) => entry.at === at)).toBe(true);
  });

  it('tells why the shop cancelled an unpaid order, and not when the parent or an admin did', () => {
    expect(orderTimeline([event('cancelled', {}, 'system')], 'USD')[0].detail).toBe('It was not paid within 30 days.');
    expect(orderTimeline([event('cancelled', {}, 'admin:a@example.com')], 'USD')[0].detail).toBeNull();
  });

  it('leaves out what is for the staff, and any kind of event it does not know', () => {
    const entries = orderTimeline(
      [
        event('payment_needs_attention', { paymentId: 'pi_1' }, 'stripe-webhook'),
        event('delivery_email_resent'),
        event('something_new' as OrderEventType),
        event('toString' as OrderEventType),
        event('paid', { amountCents: 2500 }),
      ],
      'USD',
    );
    expect(entries.map((entry) => entry.title)).toEqual(['Payment received']);
  });
});
