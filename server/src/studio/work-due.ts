/**
 * When each kind of studio work is due, from the times the catalogue promises (STUDIO_PROMISES).
 * Business days skip Saturdays and Sundays (UTC); public holidays are not known to the shop.
 */
import { type BookFormat, STUDIO_PROMISES } from '../catalogue/catalogue';
import { addBusinessDays } from '../common/business-days';

export { addBusinessDays };

const HOUR = 3600_000;

export function addHours(from: Date, hours: number): Date {
  return new Date(from.getTime() + hours * HOUR);
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
