import { describeDiscount, discountCents, MIN_CHARGE_CENTS } from './discount-pricing';

describe('discountCents', () => {
  it('takes a percentage off, rounded to the nearest cent', () => {
    expect(discountCents({ percentOff: 10, amountOffCents: null }, 2500)).toBe(250);
    expect(discountCents({ percentOff: 15, amountOffCents: null }, 2499)).toBe(375); // 374.85
    expect(discountCents({ percentOff: 33, amountOffCents: null }, 5000)).toBe(1650);
  });

  it('takes a fixed amount off', () => {
    expect(discountCents({ percentOff: null, amountOffCents: 500 }, 5000)).toBe(500);
  });

  it(`never leaves a book under ${MIN_CHARGE_CENTS} cents`, () => {
    expect(discountCents({ percentOff: null, amountOffCents: 4900 }, 2500)).toBe(2500 - MIN_CHARGE_CENTS);
    expect(discountCents({ percentOff: 90, amountOffCents: null }, 500)).toBe(500 - MIN_CHARGE_CENTS);
    expect(discountCents({ percentOff: null, amountOffCents: 500 }, 50)).toBe(0);
  });
});

describe('describeDiscount', () => {
  it('says a percentage or an amount in dollars', () => {
    expect(describeDiscount({ percentOff: 10, amountOffCents: null })).toBe('10% off');
    expect(describeDiscount({ percentOff: null, amountOffCents: 500 })).toBe('$5.00 off');
  });
});
