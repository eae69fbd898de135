import { addBusinessDays, arrivalWindow, betweenDates } from './arrival-window';

describe("a printed book's arrival window", () => {
  const delivery = { arrivesFromBusinessDays: 7, arrivesByBusinessDays: 10 };

  it('counts business days, skipping weekends', () => {
    // Friday 4 December 2026, noon local time.
    const friday = new Date(2026, 11, 4, 12);
    expect(addBusinessDays(friday, 1).getDate()).toBe(7); // Monday
    expect(addBusinessDays(friday, 5).getDate()).toBe(11); // the next Friday
  });

  it('counts from the Monday when ordered at the weekend', () => {
    const saturday = new Date(2026, 11, 5, 12);
    expect(addBusinessDays(saturday, 1).getDate()).toBe(7);
  });

  it('gives the dates between which a book paid now arrives', () => {
    const window = arrivalWindow(delivery, new Date(2026, 10, 27, 9)); // Friday 27 November
    expect(betweenDates(window)).toBe('between Tue, Dec 8 and Fri, Dec 11');
  });
});
