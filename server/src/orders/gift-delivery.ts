/**
 * A digital book given as a gift waits for its day: the parent picks the date in their own time
 * zone, and the delivery e-mail goes out at 08:00 that morning there (or as soon as the book is
 * ready, when that is later). Pure: dates are `YYYY-MM-DD` strings, zones IANA names.
 */

import { LIMITS } from '../catalogue/catalogue';

/** The local hour the e-mail of a gift goes out on its day. */
export const GIFT_SEND_HOUR = 8;
/** How far ahead a delivery date may be (catalogue.limits.giftDeliveryMaxDays). */
export const GIFT_DELIVERY_MAX_DAYS = LIMITS.giftDeliveryMaxDays;

export const GIFT_DATE_MESSAGES = {
  format: 'Delivery date must be a date such as 2026-12-24',
  range: `Delivery date must be from today to ${GIFT_DELIVERY_MAX_DAYS} days ahead`,
  timeZone: 'Unknown time zone for the delivery date',
  printed: 'A delivery date is for digital books: a printed book ships as soon as it is printed',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the runtime knows `zone` as an IANA time zone (e.g. America/Toronto). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `date` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The wall-clock parts of `instant` in `zone`. */
function partsIn(instant: Date, zone: string): { y: number; m: number; d: number; h: number; min: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day it is in `zone` at `now`, as YYYY-MM-DD. */
export function todayIn(zone: string, now: Date): string {
  const { y, m, d } = partsIn(now, zone);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** The instant it is GIFT_SEND_HOUR:00 on `date` in `zone` (the first such instant, across a clock change). */
export function giftSendTime(date: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, GIFT_SEND_HOUR);
  // Start from the wall time read as UTC and correct by the zone's offset there; a second pass
  // settles a guess that fell on the other side of a clock change.
  let instant = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = partsIn(new Date(instant), zone);
    const seenAsUtc = Date.UTC(seen.y, seen.m - 1, seen.d, seen.h, seen.min);
    instant += wanted - seenAsUtc;
  }
  return new Date(instant);
}

export interface GiftDate {
  /** The day the parent chose, YYYY-MM-DD. */
  date: string;
  /** When the e-mail goes out: 08:00 that day where the parent is. */
  sendAt: Date;
}

/**
 * The delivery date the parent asked for, checked: a real day from today (in their zone) to
 * GIFT_DELIVERY_MAX_DAYS ahead. `zone` defaults to UTC when the browser gave none.
 */
export function checkGiftDate(
  date: string,
  zone: string | null | undefined,
  now: Date,
): { ok: true; value: GiftDate } | { ok: false; message: string } {
  const timeZone = zone?.trim() || 'UTC';
  if (!isTimeZone(timeZone)) return { ok: false, message: GIFT_DATE_MESSAGES.timeZone };
  if (!isCalendarDate(date)) return { ok: false, message: GIFT_DATE_MESSAGES.format };
  const today = todayIn(timeZone, now);
  if (date < today || date > addDays(today, GIFT_DELIVERY_MAX_DAYS)) return { ok: false, message: GIFT_DATE_MESSAGES.range };
  return { ok: true, value: { date, sendAt: giftSendTime(date, timeZone) } };
}
