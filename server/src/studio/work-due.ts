/**
 * When each kind of studio work is due, from the times the catalogue promises (STUDIO_PROMISES).
 * Business days skip Saturdays and Sundays (UTC); public holidays are not known to the shop.
 */
import { type BookFormat, STUDIO_PROMISES } from '../catalogue/catalogue';

const HOUR = 3600_000;

export function addHours(from: Date, hours: number): Date {
  return new Date(from.getTime() + hours * HOUR);
}

/** `days` business days after `from`, at the same time of day; a start on a weekend counts from the Monday. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}

/** When the finished book is due: delivered (digital) or shipped (printed). */
export function bookDueAt(format: BookFormat, paidAt: Date): Date {
  return format === 'digital'
    ? addHours(paidAt, STUDIO_PROMISES.digitalDeliveryHours)
    : addBusinessDays(paidAt, STUDIO_PROMISES.printedShipBusinessDays);
}

export function changeDueAt(requestedAt: Date): Date {
  return addHours(requestedAt, STUDIO_PROMISES.changeAnswerHours);
}

export function attentionDueAt(since: Date): Date {
  return addHours(since, STUDIO_PROMISES.attentionHours);
}
