/**
 * An order's history in the parent's words: each event the shop records about an order mapped to
 * a title (and a detail where one helps). Events meant for the staff only (payment alerts, resent
 * e-mails) and any type not listed here are left out, so a new kind of event is never shown to a
 * parent by accident.
 */
import { CHANGE_ANSWERED_EVENT, CHANGE_DECLINED_EVENT, CHANGE_REQUESTED_EVENT, DELIVERY_REVISED_EVENT } from './change-request';
import type { OrderEventType } from '../orders/order-event-type';
import type { OrderEvent } from '../orders/order-event.entity';
import { formatAmount } from '../orders/order-format';

export const ORDER_UPDATED_EVENT = 'order_updated';
export const CHILD_DATA_DELETED_EVENT = 'child_data_deleted';
export const ORDER_LINK_RENEWED_EVENT = 'order_link_renewed';

export interface TimelineEntry {
  at: Date;
  title: string;
  detail: string | null;
}

type TimelineEvent = Pick<OrderEvent, 'type' | 'actor' | 'data' | 'createdAt'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const cents = (value: unknown, currency: string): string | null =>
  typeof value === 'number' ? formatAmount(value, currency) : null;

/** The fields a parent may correct after paying, as the timeline names them. */
const CORRECTED_FIELDS: Record<string, string> = {
  childName: "Child's name",
  childAge: 'age',
  dedication: 'dedication',
  shippingAddress: 'shipping address',
};

type Describe = (event: TimelineEvent, currency: string) => { title: string; detail?: string | null };

const DESCRIPTIONS: Partial<Record<OrderEventType, Describe>> = {
  created: () => ({ title: 'Order placed' }),
  [ORDER_UPDATED_EVENT]: (event) => ({
    title: 'Order details updated',
    detail: text(event.data.discountRemoved)
      ? `Discount code ${text(event.data.discountRemoved)} no longer applies to this book.`
      : null,
  }),
  discount_applied: (event, currency) => ({
    title: 'Discount code applied',
    detail: text(event.data.code) && `${text(event.data.code)}: ${cents(event.data.discountCents, currency) ?? ''} off`,
  }),
  discount_removed: (event) => ({ title: 'Discount code removed', detail: text(event.data.code) }),
  details_corrected: (event) => ({
    title: "You corrected the book's details",
    detail:
      (text(event.data.fields) ?? '')
        .split(',')
        .map((field) => CORRECTED_FIELDS[field])
        .filter(Boolean)
        .join(', ') || null,
  }),
  paid: (event, currency) => ({ title: 'Payment received', detail: cents(event.data.amountCents, currency) }),
  completed: () => ({ title: 'Your book is ready', detail: 'Watch and download it on this page.' }),
  [DELIVERY_REVISED_EVENT]: (event) => ({
    title: 'Your book was updated',
    detail: typeof event.data.version === 'number' ? `Version ${event.data.version}` : null,
  }),
  shipped: (event) => {
    const carrier = text(event.data.carrier);
    const number = text(event.data.trackingNumber);
    return {
      title: carrier ? `Shipped with ${carrier}` : 'Shipped',
      detail: number ? `Tracking number ${number}` : null,
    };
  },
  tracking_corrected: (event) => {
    const carrier = text(event.data.carrier);
    const number = text(event.data.trackingNumber);
    return { title: 'Tracking details corrected', detail: [carrier, number].filter(Boolean).join(' ') || null };
  },
  refunded: (event, currency) => ({ title: 'Refunded', detail: cents(event.data.amountCents, currency) }),
  partial_refund: (event, currency) => ({ title: 'Partly refunded', detail: cents(event.data.amountCents, currency) }),
  extra_charge_refunded: (event, currency) => ({
    title: 'Extra charge refunded',
    detail: cents(event.data.amountCents, currency),
  }),
  cancelled: (event) => ({
    title: 'Order cancelled',
    detail: event.actor === 'system' ? 'It was not paid within 30 days.' : null,
  }),
  [CHANGE_REQUESTED_EVENT]: (event) => ({ title: 'Change requested', detail: text(event.data.message) }),
  [CHANGE_ANSWERED_EVENT]: (event) => ({ title: 'Our studio answered your request', detail: text(event.data.message) }),
  [CHANGE_DECLINED_EVENT]: (event) => ({ title: 'We could not make the change', detail: text(event.data.message) }),
  [CHILD_DATA_DELETED_EVENT]: () => ({
    title: "Your child's photo and details were deleted",
    detail: 'At your request. We keep only what our accounts need.',
  }),
  photo_deleted: () => ({
    title: 'Photo deleted',
    detail: "We delete your child's photo once the book no longer needs it.",
  }),
  delivery_files_deleted: () => ({ title: 'Files of an earlier version deleted' }),
  proof_sent: (event) => ({
    title: 'A proof of your book is ready to review',
    detail: typeof event.data.version === 'number' && event.data.version > 1 ? `Proof ${event.data.version}` : null,
  }),
  proof_approved: (event) =>
    event.actor === 'customer'
      ? { title: 'You approved the proof' }
      : { title: 'Proof approved for you', detail: 'Our studio recorded your approval.' },
  proof_changes_requested: (event) => ({ title: 'You asked for changes to the proof', detail: text(event.data.message) }),
  print_job_sent: () => ({
    title: 'Your book went to the printer',
    detail: 'We will e-mail you the tracking number when it ships.',
  }),
  gift_date_changed: (event) => ({
    title: 'Delivery date changed',
    detail: text(event.data.to)
      ? `We will e-mail the book on ${text(event.data.to)}.`
      : 'We will e-mail the book as soon as it is ready.',
  }),
  [ORDER_LINK_RENEWED_EVENT]: () => ({ title: 'Private link renewed', detail: 'Older links no longer open this order.' }),
};

/** The parent's timeline, oldest first, from the order's events (oldest first). */
export function orderTimeline(events: readonly TimelineEvent[], currency: string): TimelineEntry[] {
  return events.flatMap((event) => {
    const describe = Object.hasOwn(DESCRIPTIONS, event.type) ? DESCRIPTIONS[event.type] : undefined;
    if (!describe) return [];
    const { title, detail } = describe(event, currency);
    return [{ at: event.createdAt, title, detail: detail ?? null }];
  });
}
