import { printAddress, subdivisionCode } from './print-address';

describe('a shipping address as the printer wants it', () => {
  it('gives states and provinces as codes, however the parent typed them', () => {
    expect(subdivisionCode('United States', 'OR')).toBe('OR');
    expect(subdivisionCode('Canada', ' on ')).toBe('ON');
    expect(subdivisionCode('Canada', 'British  Columbia')).toBe('BC');
    expect(subdivisionCode('United States', 'new york')).toBe('NY');
    expect(subdivisionCode('United States', 'xx')).toBe('XX');
    expect(subdivisionCode('United States', '')).toBe('');
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

  it("passes on the apartment line and the parent's phone for the carrier", () => {
    const address = {
      fullName: 'A B',
      streetAddress: '1 Main St',
      addressLine2: 'Apt 4B',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'United States',
      phone: '+1 503-555-0199',
    };
    expect(printAddress(address, 'a@example.com')).toMatchObject({
      street1: '1 Main St',
      street2: 'Apt 4B',
      stateCode: 'OR',
      countryCode: 'US',
      phone: '+1 503-555-0199',
    });
  });
});
