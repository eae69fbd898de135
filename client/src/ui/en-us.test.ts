import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { andList, formatCount, fullUtcDate, longDate, longDateTime, shortDateTime, shortDay, shortTime } from './en-us';

/** Instants across years, months, days of the week, both halves of the day, midnight and noon. */
const INSTANTS = Array.from(
  { length: 400 },
  (_, i) => new Date(Date.UTC(2024, 0, 1, 0, 0) + i * 22 * 3_600_000 + i * 7 * 60_000),
);
INSTANTS.push(new Date('2026-12-24T00:00:00Z'), new Date('2026-12-24T12:00:00Z'), new Date('2025-03-05T23:59:00Z'));

/** The admin portal's dates ("Mar 5, 2025, 2:07 PM") and the arrival window's days ("Thu, Dec 24"). */
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

describe("days and times in en-US, in the browser's zone, written as Intl writes them", () => {
  // The zone is the one the tests run in: Date's own local fields follow it as Intl's default zone does.
  it('for instants across years, months, weekdays, both halves of the day, midnight and noon', () => {
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
    const both = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
    const shortBoth = new Intl.DateTimeFormat('en-US', SHORT_DATE_TIME);
    const day = new Intl.DateTimeFormat('en-US', SHORT_DAY);
    const fullUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
    for (const instant of INSTANTS) {
      expect(longDate(instant)).toBe(long.format(instant));
      expect(shortTime(instant)).toBe(time.format(instant));
      expect(longDateTime(instant)).toBe(both.format(instant));
      expect(shortDateTime(instant)).toBe(shortBoth.format(instant));
      expect(shortDay(instant)).toBe(day.format(instant));
      expect(fullUtcDate(instant)).toBe(fullUtc.format(instant));
    }
  });

  // Jest's sandbox cannot move the clock's zone, so a Node process of its own runs the same
  // comparison in each zone (Node reads this TypeScript module as it is: it has no imports).
  it.each(['America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'America/St_Johns'])(
    'in %s, far from the zone the tests run in',
    (timeZone) => {
      const module = path.join(__dirname, 'en-us.ts');
      const script = `
        const { fullUtcDate, longDate, longDateTime, shortDateTime, shortDay, shortTime } = await import(${JSON.stringify(module)});
        const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
        const both = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
        const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
        const shortBoth = new Intl.DateTimeFormat('en-US', ${JSON.stringify(SHORT_DATE_TIME)});
        const day = new Intl.DateTimeFormat('en-US', ${JSON.stringify(SHORT_DAY)});
        const fullUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
        const differ = [];
        for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2026, 0, 1); at += 37 * 60_000) {
          const instant = new Date(at);
          for (const [ours, intl] of [[longDate, long], [shortTime, time], [longDateTime, both], [shortDateTime, shortBoth], [shortDay, day], [fullUtcDate, fullUtc]]) {
            if (ours(instant) !== intl.format(instant)) differ.push([instant.toISOString(), ours(instant), intl.format(instant)]);
          }
        }
        console.log(JSON.stringify({ offset: new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset(), differ: differ.slice(0, 5) }));`;
      const output = execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
        env: { ...process.env, TZ: timeZone },
        encoding: 'utf8',
      });
      const { offset, differ } = JSON.parse(output) as { offset: number; differ: string[][] };
      // The process ran in that zone, not in UTC, and wrote every instant as Intl does.
      expect(offset).not.toBe(0);
      expect(differ).toEqual([]);
    },
  );

  it('refuses an invalid date, as Intl does', () => {
    expect(() => longDate(new Date('not a date'))).toThrow(RangeError);
    expect(() => shortTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => shortDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => shortDay(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => fullUtcDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

it('writes a count with its thousands marked, as Intl does', () => {
  for (const count of [0, 7, 999, 1000, 2000, 12_345, 1_000_000, 987_654_321, 1234.5678, -1200, Number.POSITIVE_INFINITY])
    expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
});

it("joins a list with 'and' as Intl's English list does", () => {
  const intl = new Intl.ListFormat('en', { type: 'conjunction' });
  const names = ["Ivy's", "Leo's", "Mia's", "Noah's", "Zoë's"];
  for (let length = 0; length <= names.length; length++) {
    expect(andList(names.slice(0, length))).toBe(intl.format(names.slice(0, length)));
  }
});
