/**
 * Counts, lists, days and times in American English (days and times in the browser's own time
 * zone unless a function says otherwise), written out by hand as `Intl` writes them in en-US:
 * the first `Intl` formatter a page builds loads the locale's data, some 35 ms of a phone's main
 * thread (CPU 4x slower) in the render the visitor waits on (see formatPrice.ts; en-us.test.ts
 * holds the two side by side). The order form (its arrival window's days), the parent's order and
 * payment pages and the admin portal use them; the home and information pages do not load them.
 */

/** "1,234,567": a count with its thousands marked (anything but a whole number: as Intl writes it). */
export const formatCount = (count: number) =>
  Number.isSafeInteger(count) && count >= 0
    ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : // Anything but a whole number is rare enough to leave to Intl.
      // eslint-disable-next-line no-restricted-syntax
      count.toLocaleString('en-US');

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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Jan", "Jun", "Sep": en-US's short names are the long ones' first three letters. */
const short = (name: string) => name.slice(0, 3);

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

/** "Mar 5, 2025, 2:07 PM" in this browser's time zone. */
export function shortDateTime(date: Date): string {
  valid(date);
  return `${short(MONTHS[date.getMonth()])} ${date.getDate()}, ${date.getFullYear()}, ${shortTime(date)}`;
}

/** "Thu, Dec 24": the day `date` falls on in this browser's time zone, without its year. */
export function shortDay(date: Date): string {
  valid(date);
  return `${short(WEEKDAYS[date.getDay()])}, ${short(MONTHS[date.getMonth()])} ${date.getDate()}`;
}

/** "Thursday, December 24, 2026": the day `date` falls on in UTC (a calendar day held as UTC midnight). */
export function fullUtcDate(date: Date): string {
  valid(date);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Ivy's", "Ivy's and Leo's", "Ivy's, Leo's, and Mia's": the items joined as Intl's English "and" list joins them. */
export function andList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}
