import { formatPrice, formatPriceToTheCent } from './formatPrice';

describe('formatPrice', () => {
  it('shows whole dollars without cents and keeps cents when there are some', () => {
    expect(formatPrice(2500, 'USD')).toBe('$25');
    expect(formatPrice(5000, 'USD')).toBe('$50');
    expect(formatPrice(2499, 'USD')).toBe('$24.99');
  });

  it('formats whole and part amounts in any order, and in other currencies', () => {
    expect([2500, 2550, 2500, 1999].map((cents) => formatPrice(cents))).toEqual(['$25', '$25.50', '$25', '$19.99']);
    expect(formatPrice(2500, 'EUR')).toBe('€25');
    expect(formatPrice(2550, 'EUR')).toBe('€25.50');
    expect(formatPrice(2550, 'USD')).toBe('$25.50');
  });
});

describe('money in en-US, written as Intl writes it', () => {
  const amounts = [
    0, 1, 9, 10, 99, 100, 101, 2500, 2550, 2499, 5000, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, -300, -2550,
  ];

  it.each(['USD', 'EUR', 'GBP'])('%s, with cents only when there are some', (currency) => {
    for (const cents of amounts) {
      const whole = cents % 100 === 0;
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      }).format(cents / 100);
      expect(formatPrice(cents, currency)).toBe(intl);
    }
  });

  it.each(['USD', 'EUR', 'GBP'])('%s to the cent, as receipts and the admin portal write it', (currency) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    for (const cents of amounts) expect(formatPriceToTheCent(cents, currency)).toBe(intl.format(cents / 100));
  });

  it('writes no sign for nothing (Intl writes "-$0" for minus zero)', () => {
    expect(formatPrice(-0)).toBe('$0');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPriceToTheCent(-0)).toBe('$0.00');
  });

  it('leaves other currencies and other locales to Intl', () => {
    expect(formatPrice(2500, 'CAD')).toBe('CA$25');
    expect(formatPriceToTheCent(2500, 'CAD')).toBe('CA$25.00');
    // A currency without cents keeps Intl's own minor unit.
    expect(formatPriceToTheCent(2500, 'JPY')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(25),
    );
    expect(formatPrice(2550, 'USD', 'de-DE')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(25.5),
    );
  });
});
