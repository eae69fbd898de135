import { formatPrice } from './formatPrice';

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
