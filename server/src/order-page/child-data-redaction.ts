/**
 * What a deletion of the child's details does to the copies of them the shop keeps beyond the
 * order's own columns: the e-mails about the order (sent ones stay as a record of what was sent
 * and when; unsent ones still go out, without the details) and the order's history. Every
 * occurrence of what the parent typed about the child (name, story idea, dedication, gift message, the
 * shipping address, the change requests and the staff's answers to them) is replaced by one marker, whole words only, in plain
 * text and in its HTML-escaped form.
 */
import type { EntityManager } from 'typeorm';
import { escapeHtml } from '../mail/escape-html';
import { OutboxEmail } from '../mail/outbox-email.entity';
import { CHANGE_ANSWERED_EVENT, CHANGE_DECLINED_EVENT, CHANGE_REQUESTED_EVENT } from './change-request';
import { PROOF_EVENTS } from '../proofs/proof-status';

/** Events whose `message` is free text about the book, and so about the child: replaced whole. */
const FREE_TEXT_EVENTS: ReadonlySet<string> = new Set([
  CHANGE_REQUESTED_EVENT,
  CHANGE_ANSWERED_EVENT,
  CHANGE_DECLINED_EVENT,
  PROOF_EVENTS.changesAsked,
  PROOF_EVENTS.approved,
]);
import { OrderEvent } from '../orders/order-event.entity';
import type { Order } from '../orders/order.entity';

export const REDACTED = "[deleted at the parent's request]";

/** Shorter than this, a value is too likely to be part of other words to be replaced safely (a state code, say). */
const MIN_LENGTH = 2;
/** Subjects are stored in 255 characters. */
const SUBJECT_MAX = 255;

/** The child's details as the parent typed them, each multi-line value also line by line. */
function sensitiveValues(order: Order, changeRequests: string[]): string[] {
  const address = order.shippingAddress;
  const whole = [
    order.childName,
    order.storyIdea,
    order.dedication,
    order.giftMessage,
    address?.fullName,
    address?.streetAddress,
    address?.addressLine2,
    address?.city,
    address?.zipCode,
    address?.phone,
    ...changeRequests,
  ];
  const values = new Set<string>();
  for (const value of whole) {
    if (!value) continue;
    for (const part of [value, ...value.split(/\r?\n/)]) {
      const trimmed = part.trim();
      if (trimmed.length >= MIN_LENGTH) {
        values.add(trimmed);
        values.add(escapeHtml(trimmed));
      }
    }
  }
  return [...values];
}

/** A function that replaces every whole-word occurrence of the values with REDACTED; identity for none. */
export function redactorFor(values: string[]): (text: string) => string {
  if (values.length === 0) return (text) => text;
  // Longest first, so a street is replaced whole before the city inside it.
  const alternatives = [...values].sort((a, b) => b.length - a.length).map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) => text.replace(pattern, REDACTED);
}

/**
 * Redacts the order's e-mails and history, in the deletion's transaction (the order row is
 * locked by the caller, and still holds the details). Change requests are replaced whole.
 */
export async function redactChildData(manager: EntityManager, order: Order): Promise<void> {
  const events = await manager.find(OrderEvent, { where: { orderId: order.id } });
  const changeRequests = events
    .filter((event) => FREE_TEXT_EVENTS.has(event.type) && typeof event.data?.message === 'string')
    .map((event) => event.data.message as string);
  const redact = redactorFor(sensitiveValues(order, changeRequests));

  for (const event of events) {
    if (!event.data) continue;
    const data: OrderEvent['data'] = {};
    for (const [key, value] of Object.entries(event.data)) {
      data[key] =
        FREE_TEXT_EVENTS.has(event.type) && key === 'message' ? REDACTED : typeof value === 'string' ? redact(value) : value;
    }
    if (JSON.stringify(data) !== JSON.stringify(event.data)) await manager.update(OrderEvent, { id: event.id }, { data });
  }

  const emails = await manager.find(OutboxEmail, {
    where: { orderId: order.id },
    select: { id: true, subject: true, html: true, text: true },
  });
  for (const email of emails) {
    const redacted = { subject: redact(email.subject).slice(0, SUBJECT_MAX), html: redact(email.html), text: redact(email.text) };
    if (redacted.subject !== email.subject || redacted.html !== email.html || redacted.text !== email.text) {
      await manager.update(OutboxEmail, { id: email.id }, redacted);
    }
  }
}
