import { addDays, formatCalendarDate, isDayWithin, todayHere } from './calendar-date';

describe('calendar days', () => {
  it("reads today on the browser's own calendar and counts days across months and leap years", () => {
    expect(todayHere(new Date(2026, 10, 27, 23, 59))).toBe('2026-11-27');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-11-27', 365)).toBe('2027-11-27');
  });

  it('names the day itself, not the instant, and checks a day against a range', () => {
    expect(formatCalendarDate('2026-12-24')).toBe('Thursday, December 24, 2026');
    expect(isDayWithin('2026-11-27', '2026-11-27', 365)).toBe(true);
    expect(isDayWithin('2026-11-26', '2026-11-27', 365)).toBe(false);
    expect(isDayWithin('2027-11-28', '2026-11-27', 365)).toBe(false);
    expect(isDayWithin('', '2026-11-27', 365)).toBe(false);
  });
});
