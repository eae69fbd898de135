/**
 * Counts, days and times in American English (days and times in the browser's own time zone),
 * written out by hand as `Intl` writes them in en-US (see formatPrice.ts for why; en-us.test.ts
 * holds the two side by side). Only the parent's order page needs them; the storefront's first
 * load does not.
 */

/** "1,234,567": a count with its thousands marked (anything but a whole number: as Intl writes it). */
export const formatCount = (count: number) =>
  Number.isSafeInteger(count) && count >= 0 ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : count.toLocaleString('en-US');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** As Intl does, an invalid date is refused rather than written as "NaN". */
function valid(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/** "March 5, 2025": the day `date` falls on in this browser's time zone. */
export function longDate(date: Date): string {
  valid(date);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "2:07 PM" in this browser's time zone. */
export function shortTime(date: Date): string {
  const hours = valid(date).getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "March 5, 2025 at 2:07 PM" in this browser's time zone. */
export function longDateTime(date: Date): string {
  return `${longDate(date)} at ${shortTime(date)}`;
}
