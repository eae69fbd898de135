import { longDate, longDateTime, shortTime } from './en-us-dates';

/** Instants across years, months, days of the week, both halves of the day, midnight and noon. */
const INSTANTS = Array.from(
  { length: 400 },
  (_, i) => new Date(Date.UTC(2024, 0, 1, 0, 0) + i * 22 * 3_600_000 + i * 7 * 60_000),
);
INSTANTS.push(new Date('2026-12-24T00:00:00Z'), new Date('2026-12-24T12:00:00Z'), new Date('2025-03-05T23:59:00Z'));

describe("days and times in en-US, in the browser's zone, written as Intl writes them", () => {
  // The zone is the one the tests run in: Date's own local fields follow it as Intl's default zone does.
  it('for instants across years, months, weekdays, both halves of the day, midnight and noon', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
    const both = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
    for (const instant of INSTANTS) {
      expect(longDate(instant)).toBe(long.format(instant));
      expect(shortTime(instant)).toBe(time.format(instant));
      expect(longDateTime(instant)).toBe(both.format(instant));
    }
  });

  it('refuses an invalid date, as Intl does', () => {
    expect(() => longDate(new Date('not a date'))).toThrow(RangeError);
    expect(() => shortTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
