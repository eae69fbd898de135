import { LIFE_LESSONS } from '../catalogue/catalogue';
import type { CreateOrderInput } from './create-order.input';
import { validateOrderInput } from './order-validation';

const digital = (): CreateOrderInput => ({
  childName: ' Leo ',
  childAge: 7,
  moral: 'Courage',
  storyIdea: null,
  email: ' LEO.Parent@Example.COM ',
  bookFormat: 'digital',
});

const printed = (): CreateOrderInput => ({
  ...digital(),
  bookFormat: 'printed',
  bookStyle: 'superhero',
  shippingAddress: {
    fullName: 'Ana Parent',
    streetAddress: '1 Maple Ave',
    city: 'Toronto',
    state: 'ON',
    zipCode: 'M5V 2T6',
    country: 'Canada',
  },
});

const messageOf = (input: CreateOrderInput) => {
  const result = validateOrderInput(input);
  return result.ok ? null : result.error.message;
};

describe('validateOrderInput', () => {
  it('trims text, lower-cases the e-mail and drops style and address from a digital order', () => {
    const result = validateOrderInput({ ...digital(), bookStyle: 'classic', shippingAddress: printed().shippingAddress });
    expect(result).toEqual({
      ok: true,
      value: {
        childName: 'Leo',
        childAge: 7,
        moral: 'Courage',
        storyIdea: '',
        dedication: null,
        email: 'leo.parent@example.com',
        bookFormat: 'digital',
        bookStyle: null,
        shippingAddress: null,
        giftMessage: null,
        giftDeliveryDate: null,
        giftSendAt: null,
      },
    });
  });

  it("keeps a gift message as typed and turns a digital gift's day into its sending time, from today where the parent is", () => {
    const now = new Date('2026-11-28T02:00:00Z');
    const gift = { ...digital(), giftMessage: '  Happy birthday!\r\nLove, Grandma ', giftDeliveryDate: '2026-11-27' };
    const result = validateOrderInput({ ...gift, giftTimeZone: 'America/Los_Angeles' }, now);
    expect(result).toMatchObject({
      ok: true,
      value: {
        giftMessage: 'Happy birthday!\nLove, Grandma',
        giftDeliveryDate: '2026-11-27',
        giftSendAt: new Date('2026-11-27T16:00:00Z'),
      },
    });
    // In UTC, the 27th is already yesterday.
    expect(validateOrderInput({ ...gift, giftTimeZone: 'UTC' }, now)).toMatchObject({
      ok: false,
      error: { field: 'giftDeliveryDate', message: 'Delivery date must be from today to 365 days ahead' },
    });
  });

  it('keeps a dedication as typed, line breaks included, and stores none for blank', () => {
    const withDedication = validateOrderInput({ ...digital(), dedication: '  For Leo,\nwith love  ' });
    expect(withDedication.ok && withDedication.value.dedication).toBe('For Leo,\nwith love');
    const blank = validateOrderInput({ ...digital(), dedication: '   ' });
    expect(blank.ok && blank.value.dedication).toBeNull();
  });

  it("keeps a printed order's style and address", () => {
    const result = validateOrderInput(printed());
    expect(result.ok && result.value.bookStyle).toBe('superhero');
    expect(result.ok && result.value.shippingAddress?.country).toBe('Canada');
  });

  it('accepts each of the eight life lessons the form offers, unchanged', () => {
    for (const { value } of LIFE_LESSONS) {
      const result = validateOrderInput({ ...digital(), moral: value });
      expect(result.ok && result.value.moral).toBe(value);
    }
  });

  it('accepts the age bounds 2 and 12 and a name of exactly 50 characters', () => {
    expect(messageOf({ ...digital(), childAge: 2 })).toBeNull();
    expect(messageOf({ ...digital(), childAge: 12 })).toBeNull();
    expect(messageOf({ ...digital(), childName: 'Z'.repeat(50) })).toBeNull();
    expect(messageOf({ ...digital(), childName: '👧'.repeat(50) })).toBeNull();
  });

  it("checks in the spec's order: required, name, age, e-mail, lesson, format, style, address", () => {
    let input: CreateOrderInput = {
      ...printed(),
      childName: '',
      childAge: 30,
      email: 'bad',
      moral: 'Greed',
      bookStyle: 'modern',
      shippingAddress: null,
    };
    const seen: Array<string | null> = [];
    const fixes: Array<Partial<CreateOrderInput>> = [
      { childName: 'N'.repeat(51) },
      { childName: 'Leo' },
      { childAge: 7 },
      { email: 'leo@example.com' },
      { moral: 'Courage' },
      { bookFormat: 'hardback' },
      { bookFormat: 'printed' },
      { bookStyle: 'classic' },
      { shippingAddress: printed().shippingAddress },
    ];
    seen.push(messageOf(input));
    for (const fix of fixes) {
      input = { ...input, ...fix };
      seen.push(messageOf(input));
    }
    expect(seen).toEqual([
      'Missing required fields',
      'Invalid child name',
      'Child age must be between 2 and 12',
      'Invalid email address',
      'Invalid moral value selected',
      'Invalid book style for printed format',
      'Invalid book format', // a bad format is reported before the bad style it also has

      'Invalid book style for printed format',
      'Shipping address is required for printed books',
      null,
    ]);
  });

  it('refuses a fractional age and control characters in a name', () => {
    expect(messageOf({ ...digital(), childAge: 6.5 })).toBe('Child age must be between 2 and 12');
    expect(messageOf({ ...digital(), childName: 'Leo\u0000' })).toBe('Invalid child name');
  });

  it('refuses over-long address fields', () => {
    const input = printed();
    input.shippingAddress = { ...input.shippingAddress, city: 'c'.repeat(201) };
    expect(messageOf(input)).toBe('Shipping address fields must be at most 200 characters');
  });
});

describe("a printed order's address, as its country writes it", () => {
  const withAddress = (changes: Record<string, string | null>): CreateOrderInput => {
    const input = printed();
    return { ...input, shippingAddress: { ...input.shippingAddress, ...changes } };
  };
  const us = (changes: Record<string, string | null>) =>
    withAddress({ city: 'Portland', state: 'OR', zipCode: '97201', country: 'United States', ...changes });
  const stored = (input: CreateOrderInput) => {
    const result = validateOrderInput(input);
    if (!result.ok) throw new Error(result.error.message);
    return result.value.shippingAddress;
  };

  it('takes US ZIP codes and ZIP+4, and Canadian postal codes in either case, and stores them one way', () => {
    expect(stored(us({ zipCode: '97201' }))?.zipCode).toBe('97201');
    expect(stored(us({ zipCode: '97201-1234' }))?.zipCode).toBe('97201-1234');
    expect(stored(us({ zipCode: '972011234' }))?.zipCode).toBe('97201-1234');
    expect(stored(withAddress({ zipCode: 'm5v2t6' }))?.zipCode).toBe('M5V 2T6');
    expect(stored(withAddress({ zipCode: ' k1a 0b6 ' }))?.zipCode).toBe('K1A 0B6');
  });

  it("refuses a postal code that is not the country's, whatever else is right", () => {
    const message = 'Invalid ZIP or postal code for the country';
    expect(messageOf(withAddress({ zipCode: '1' }))).toBe(message);
    expect(messageOf(withAddress({ zipCode: '97201' }))).toBe(message);
    expect(messageOf(us({ zipCode: 'M5V 2T6' }))).toBe(message);
    expect(messageOf(us({ zipCode: '9720' }))).toBe(message);
    // Canada Post never uses D, F, I, O, Q or U.
    expect(messageOf(withAddress({ zipCode: 'D5V 2T6' }))).toBe(message);
  });

  it("stores a state or province as its code, given as code or name, and refuses another country's", () => {
    expect(stored(withAddress({ state: 'ontario' }))?.state).toBe('ON');
    expect(stored(us({ state: 'New  York' }))?.state).toBe('NY');
    expect(stored(us({ state: 'ca' }))?.state).toBe('CA');
    expect(messageOf(us({ state: 'ON' }))).toBe('Invalid state or province for the country');
    expect(messageOf(withAddress({ state: 'Texas' }))).toBe('Invalid state or province for the country');
    // The state stays optional, as the spec has it.
    expect(stored(withAddress({ state: '' }))?.state).toBe('');
  });

  it('keeps an apartment line and a North American phone for the carrier, written one way', () => {
    const address = stored(withAddress({ addressLine2: ' Apt 4B ', phone: '(416) 555-0123' }));
    expect(address).toMatchObject({ addressLine2: 'Apt 4B', phone: '+1 416-555-0123' });
    expect(stored(withAddress({ phone: '1 416 555 0123' }))?.phone).toBe('+1 416-555-0123');
    expect(stored(withAddress({ phone: '', addressLine2: '' }))).toMatchObject({ phone: null, addressLine2: null });
  });

  it('refuses a phone number without an area code, or one no carrier could dial', () => {
    const message = 'Invalid phone number: give a North American number with its area code';
    expect(messageOf(withAddress({ phone: '555-0123' }))).toBe(message);
    expect(messageOf(withAddress({ phone: '016-555-0123' }))).toBe(message);
    expect(messageOf(withAddress({ phone: '+44 20 7946 0958' }))).toBe(message);
    expect(messageOf(withAddress({ phone: 'call me' }))).toBe(message);
  });

  it('checks the country first, then the region, the postal code and the phone', () => {
    expect(messageOf(withAddress({ country: 'France', state: 'Texas', zipCode: '1' }))).toBe(
      'Shipping currently limited to North America',
    );
    expect(messageOf(withAddress({ state: 'Texas', zipCode: '1', phone: 'x' }))).toBe(
      'Invalid state or province for the country',
    );
    expect(messageOf(withAddress({ zipCode: '1', phone: 'x' }))).toBe('Invalid ZIP or postal code for the country');
  });
});
