import { printAddress, subdivisionCode } from './print-address';

describe('a shipping address as the printer wants it', () => {
  it('gives states and provinces as codes, however the parent typed them', () => {
    expect(subdivisionCode('OR')).toBe('OR');
    expect(subdivisionCode(' on ')).toBe('ON');
    expect(subdivisionCode('British  Columbia')).toBe('BC');
    expect(subdivisionCode('new york')).toBe('NY');
    expect(subdivisionCode('')).toBe('');
  });

  it('gives the country as its ISO code', () => {
    const address = {
      fullName: 'A B',
      streetAddress: '1 Main St',
      city: 'Toronto',
      state: 'Ontario',
      zipCode: 'M5V 2T6',
      country: 'Canada',
    };
    expect(printAddress(address, 'a@example.com')).toEqual({
      name: 'A B',
      street1: '1 Main St',
      city: 'Toronto',
      stateCode: 'ON',
      postcode: 'M5V 2T6',
      countryCode: 'CA',
      email: 'a@example.com',
    });
  });
});
