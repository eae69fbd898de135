import { addDays, checkGiftDate, GIFT_DATE_MESSAGES, giftSendTime, isCalendarDate, todayIn } from './gift-delivery';

describe("a gift's send time: 08:00 on its day where the parent is", () => {
  it('follows the zone and its clock changes', () => {
    // Toronto: standard time (UTC-5) the day before the spring change, daylight time (UTC-4) on the day.
    expect(giftSendTime('2026-03-07', 'America/Toronto').toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(giftSendTime('2026-03-08', 'America/Toronto').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(giftSendTime('2026-11-01', 'America/Toronto').toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(giftSendTime('2026-12-24', 'Asia/Kolkata').toISOString()).toBe('2026-12-24T02:30:00.000Z');
    expect(giftSendTime('2026-12-24', 'Pacific/Kiritimati').toISOString()).toBe('2026-12-23T18:00:00.000Z');
    expect(giftSendTime('2026-12-24', 'UTC').toISOString()).toBe('2026-12-24T08:00:00.000Z');
  });
});

describe('checkGiftDate', () => {
  // 02:00 UTC on the 28th is still the 27th in Los Angeles.
  const now = new Date('2026-11-28T02:00:00Z');

  it("counts today in the parent's zone, up to a year ahead", () => {
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-27');
    expect(checkGiftDate('2026-11-27', 'America/Los_Angeles', now)).toMatchObject({ ok: true, value: { date: '2026-11-27' } });
    expect(checkGiftDate('2026-11-27', 'UTC', now)).toEqual({ ok: false, message: GIFT_DATE_MESSAGES.range });
    expect(checkGiftDate(addDays('2026-11-27', 365), 'America/Los_Angeles', now).ok).toBe(true);
    expect(checkGiftDate(addDays('2026-11-27', 366), 'America/Los_Angeles', now)).toEqual({
      ok: false,
      message: GIFT_DATE_MESSAGES.range,
    });
  });

  it('takes UTC when no zone is given, and refuses an unknown zone or a day that does not exist', () => {
    expect(checkGiftDate('2026-11-28', null, now).ok).toBe(true);
    expect(checkGiftDate('2026-11-30', 'Europe/Atlantis', now)).toEqual({ ok: false, message: GIFT_DATE_MESSAGES.timeZone });
    expect(checkGiftDate('2027-02-29', 'UTC', now)).toEqual({ ok: false, message: GIFT_DATE_MESSAGES.format });
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-5')).toBe(false);
  });
});
