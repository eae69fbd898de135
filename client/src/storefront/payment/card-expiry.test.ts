import { parseExpiry } from './card-expiry';

describe('parseExpiry', () => {
  it.each([
    ['12/30', { month: 12, year: 30 }],
    ['1230', { month: 12, year: 30 }],
    ['0130', { month: 1, year: 30 }],
    ['12 / 30', { month: 12, year: 30 }],
    [' 12/30 ', { month: 12, year: 30 }],
    ['1/30', { month: 1, year: 30 }],
    ['12/2030', { month: 12, year: 30 }],
    ['12-30', { month: 12, year: 30 }],
  ])('reads %j', (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });

  it.each(['', '12', '123', '1330', '00/30', '13/30', '12/3', 'ab/cd', '12/30/1', '12345'])('refuses %j', (text) => {
    expect(parseExpiry(text)).toBeNull();
  });
});
