import { addBusinessDays, bookDueAt, changeDueAt } from './work-due';

describe('when studio work is due', () => {
  it('gives a digital book 24 hours from payment', () => {
    expect(bookDueAt('digital', new Date('2026-11-27T18:30:00Z'))).toEqual(new Date('2026-11-28T18:30:00Z'));
  });

  it('gives a printed book 7 business days to ship, skipping the weekend', () => {
    // Thursday + 7 business days: Fri, Mon, Tue, Wed, Thu, Fri, Mon.
    expect(bookDueAt('printed', new Date('2026-11-26T09:00:00Z'))).toEqual(new Date('2026-12-07T09:00:00Z'));
  });

  it('counts a payment on a Saturday from the Monday', () => {
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1)).toEqual(new Date('2026-11-30T10:00:00Z'));
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 5)).toEqual(new Date('2026-12-04T10:00:00Z'));
  });

  it("answers a parent's change within 2 days", () => {
    expect(changeDueAt(new Date('2026-11-26T09:00:00Z'))).toEqual(new Date('2026-11-28T09:00:00Z'));
  });
});
