/**
 * Calendar days as the API writes them (YYYY-MM-DD, a day on the parent's own calendar, not an
 * instant), for a gift's delivery date.
 */
import { fullUtcDate } from './en-us';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today on this browser's calendar. */
export function todayHere(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** This browser's IANA time zone (the server reads the day in it); undefined when the browser does not say. */
export function browserTimeZone(): string | undefined {
  try {
    // Only Intl knows the zone; asked when the parent sends a date, not while a page renders.
    // eslint-disable-next-line no-restricted-syntax
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "Thursday, December 24, 2026": the day itself, whatever the browser's zone. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return fullUtcDate(new Date(Date.UTC(y, m - 1, d)));
}

/** Whether `date` is a day from `today` to `maxDays` after it. */
export function isDayWithin(date: string, today: string, maxDays: number): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && date <= addDays(today, maxDays);
}
