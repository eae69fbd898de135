import { parseDollars } from './RefundOrderForm';

describe('the amount to refund', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['$12.05', 1205],
    [' 0.01 ', 1],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'ten', '12.505', '-5', '1,000', '12.'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });
});
