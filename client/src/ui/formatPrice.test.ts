import { formatPrice } from './formatPrice';

describe('formatPrice', () => {
  it('shows whole dollars without cents and keeps cents when there are some', () => {
    expect(formatPrice(2500, 'USD')).toBe('$25');
    expect(formatPrice(5000, 'USD')).toBe('$50');
    expect(formatPrice(2499, 'USD')).toBe('$24.99');
  });
});
