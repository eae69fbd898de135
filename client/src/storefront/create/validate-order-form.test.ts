import { initialOrderFormValues, type OrderFormValues } from './order-form-values';
import { catalogueData } from '../../../../test/support/client/storefront/catalogue-mock';
import { EMAIL_PATTERN, isValidEmail, MESSAGES, parseAge, validateOrderForm } from './validate-order-form';
import { EMAIL_PATTERN as SERVER_EMAIL_PATTERN } from '../../../../server/src/common/email';

const { limits } = catalogueData.catalogue;

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mia.png', { type: 'image/png' });

const blank = (bookFormat: 'digital' | 'printed') =>
  initialOrderFormValues({ bookFormat, bookStyle: 'classic', country: 'United States' });

const messageOf = (values: OrderFormValues) => validateOrderForm(values, limits)?.message ?? null;

describe('validateOrderForm', () => {
  it('names the first problem of a printed order, one fix at a time, in the spec order', () => {
    const steps: Array<[Partial<OrderFormValues>, string | null]> = [
      [{}, "Please enter your child's name."],
      [{ childName: 'Mia' }, 'Please enter a valid age between 2-12.'],
      [{ childAge: '6' }, 'Please select a life lesson to teach.'],
      [{ moral: 'Courage' }, 'Please enter a valid email address.'],
      [{ email: 'parent@example.com' }, 'Please upload a photo of your child.'],
      [{ childPhoto: photo }, 'Please complete all shipping address fields.'],
      [
        { fullName: 'Sam Parent', streetAddress: '12 Oak Street', city: 'Portland', state: 'OR', zipCode: '97201' },
        'Please accept the terms and conditions.',
      ],
      [{ acceptTerms: true }, null],
    ];
    let values = blank('printed');
    for (const [fix, expected] of steps) {
      values = { ...values, ...fix };
      expect(messageOf(values)).toBe(expected);
    }
  });

  it('skips the shipping address for a digital book', () => {
    const values: OrderFormValues = {
      ...blank('digital'),
      childName: 'Leo',
      childAge: '9',
      moral: 'Kindness',
      email: 'leo@example.com',
      childPhoto: photo,
    };
    expect(messageOf(values)).toBe(MESSAGES.acceptTerms);
    expect(messageOf({ ...values, acceptTerms: true })).toBeNull();
  });

  it('requires every address field of a printed book, the state and country included', () => {
    const complete: OrderFormValues = {
      ...blank('printed'),
      childName: 'Leo',
      childAge: '9',
      moral: 'Kindness',
      email: 'leo@example.com',
      childPhoto: photo,
      fullName: 'Ana Parent',
      streetAddress: '1 Maple Ave',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 2T6',
      acceptTerms: true,
    };
    expect(messageOf(complete)).toBeNull();
    for (const field of ['fullName', 'streetAddress', 'city', 'state', 'zipCode', 'country'] as const) {
      expect(validateOrderForm({ ...complete, [field]: '  ' }, limits)).toEqual({
        message: MESSAGES.shippingAddress,
        field,
        fields: [field],
      });
    }
  });

  it("checks a printed book's postal code against its country, and a phone only when one is given", () => {
    const { shippingDestinations } = catalogueData.catalogue;
    const check = (changes: Partial<OrderFormValues>) =>
      validateOrderForm(
        {
          ...blank('printed'),
          childName: 'Leo',
          childAge: '9',
          moral: 'Kindness',
          email: 'leo@example.com',
          childPhoto: photo,
          fullName: 'Ana Parent',
          streetAddress: '1 Maple Ave',
          city: 'Portland',
          state: 'OR',
          zipCode: '97201',
          acceptTerms: true,
          ...changes,
        },
        limits,
        shippingDestinations,
      );
    expect(check({})).toBeNull();
    expect(check({ zipCode: '97201-1234' })).toBeNull();
    expect(check({ zipCode: 'M5V 2T6' })).toEqual({
      message: 'Please enter a valid ZIP code, like 12345 or 12345-6789.',
      field: 'zipCode',
    });
    expect(check({ country: 'Canada', state: 'ON', zipCode: 'm5v 2t6' })).toBeNull();
    expect(check({ country: 'Canada', state: 'ON', zipCode: '1' })?.message).toBe(
      'Please enter a valid postal code, like K1A 0B6.',
    );
    expect(check({ phone: '503 555 0199' })).toBeNull();
    expect(check({ phone: '+1 (503) 555-0199' })).toBeNull();
    expect(check({ phone: '555-0199' })).toEqual({ message: MESSAGES.phone, field: 'phone' });
    expect(check({ phone: '123-555-0199' })?.field).toBe('phone');
  });

  it('trims before checking: blanks are missing, padded values are fine', () => {
    const values = { ...blank('digital'), childName: '   ' };
    expect(messageOf(values)).toBe(MESSAGES.childName);
    expect(messageOf({ ...values, childName: '  Mia ', childAge: ' 6 ', moral: 'Honesty', email: ' mia@example.com ' })).toBe(
      MESSAGES.childPhoto,
    );
  });

  it('accepts whole ages from 2 to 12 only', () => {
    expect(['2', '7', '12', ' 12 '].map((age) => parseAge(age, limits))).toEqual([2, 7, 12, 12]);
    expect(['', '1', '13', '6.5', '-3', 'six', '1e1'].map((age) => parseAge(age, limits))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('wants text@text.text without spaces for the e-mail', () => {
    const base = { ...blank('digital'), childName: 'Mia', childAge: '6', moral: 'Kindness' };
    for (const email of ['', 'parent', 'parent@example', '@example.com', 'par ent@example.com', 'parent@exa mple.com']) {
      expect(messageOf({ ...base, email })).toBe(MESSAGES.email);
    }
    expect(messageOf({ ...base, email: 'Parent@Example.com' })).toBe(MESSAGES.childPhoto);
  });

  it('points at the field to fix', () => {
    expect(validateOrderForm(blank('digital'), limits)?.field).toBe('childName');
    expect(validateOrderForm({ ...blank('digital'), childName: 'Mia', childAge: '6' }, limits)?.field).toBe('moral');
  });
});

describe('isValidEmail', () => {
  it('takes ordinary addresses and refuses malformed ones', () => {
    for (const good of ['parent@example.com', ' Parent@Example.COM ', 'a.b+c@mail.example.org'])
      expect(isValidEmail(good, 254)).toBe(true);
    for (const bad of ['parent', 'a@b', 'a@b..c', 'a b@c.d', 'a@b.c\u0000', '@example.com'])
      expect(isValidEmail(bad, 254)).toBe(false);
  });

  it('refuses an address past the catalogue limit before the pattern reads it', () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(isValidEmail(long, 254)).toBe(false);
    // A long input made to backtrack a naive pattern is refused by length, not by a slow match.
    expect(isValidEmail(`a@${'a.'.repeat(60_000)} `, 254)).toBe(false);
  });
});

describe('the e-mail pattern', () => {
  it("is the server's, whose linear matching its tests check", () => {
    expect(EMAIL_PATTERN.source).toBe(SERVER_EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(SERVER_EMAIL_PATTERN.flags);
  });
});

describe("a digital gift's delivery date", () => {
  const now = new Date(2026, 10, 27, 12);
  const complete = {
    ...blank('digital'),
    childName: 'Mia',
    childAge: '6',
    moral: 'Kindness',
    email: 'parent@example.com',
    childPhoto: photo,
    acceptTerms: true,
    isGift: true,
  };
  const check = (values: OrderFormValues) => validateOrderForm(values, limits, [], now);

  it('may be empty, today, or up to the limit ahead; anything else names the field', () => {
    expect(check({ ...complete, giftDeliveryDate: '' })).toBeNull();
    expect(check({ ...complete, giftDeliveryDate: '2026-11-27' })).toBeNull();
    expect(check({ ...complete, giftDeliveryDate: '2027-11-27' })).toBeNull();
    for (const day of ['2026-11-26', '2027-11-28']) {
      expect(check({ ...complete, giftDeliveryDate: day })).toEqual({
        message: 'Please choose a delivery date from today to 365 days ahead, or leave it empty.',
        field: 'giftDeliveryDate',
      });
    }
  });

  it('is not checked once the box is unticked or the book is printed (it is not sent then)', () => {
    expect(check({ ...complete, isGift: false, giftDeliveryDate: '2020-01-01' })).toBeNull();
    expect(
      validateOrderForm({ ...complete, bookFormat: 'printed', giftDeliveryDate: '2020-01-01' }, limits, [], now)?.field,
    ).not.toBe('giftDeliveryDate');
  });
});
