/**
 * Server-side validation of a new order, in the spec's order and with its exact messages.
 * Pure: it returns the cleaned order or the first failure, and touches nothing.
 */
import {
  type BookFormat,
  findPlan,
  isBookStyle,
  isLifeLesson,
  isShippingCountry,
  LIMITS,
} from '../catalogue/catalogue';
import { isEmailAddress } from '../common/email';
import { UserError } from '../common/user-error';
import type { CreateOrderInput } from './create-order.input';
import type { ShippingAddress } from './order.entity';

export const MESSAGES = {
  missingFields: 'Missing required fields',
  childName: 'Invalid child name',
  childAge: 'Child age must be between 2 and 12',
  email: 'Invalid email address',
  storyIdea: `Story idea must be at most ${LIMITS.storyIdeaMaxLength} characters`,
  moral: 'Invalid moral value selected',
  bookFormat: 'Invalid book format',
  bookStyle: 'Invalid book style for printed format',
  shippingAddress: 'Shipping address is required for printed books',
  shippingCountry: 'Shipping currently limited to North America',
  shippingTooLong: `Shipping address fields must be at most ${LIMITS.addressFieldMaxLength} characters`,
} as const;

export interface ValidOrder {
  childName: string;
  childAge: number;
  moral: string;
  storyIdea: string;
  email: string;
  bookFormat: BookFormat;
  bookStyle: string | null;
  shippingAddress: ShippingAddress | null;
}

export type ValidationResult = { ok: true; order: ValidOrder } | { ok: false; error: UserError };

// Control characters have no place in a name or an address (a newline would break a label).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const clean = (value: string | null | undefined): string => (value ?? '').trim();
const length = (value: string): number => [...value].length;

function fail(message: string, field: string): ValidationResult {
  return { ok: false, error: new UserError(message, field) };
}

export function validateOrderInput(input: CreateOrderInput): ValidationResult {
  const childName = clean(input.childName);
  const email = clean(input.email).toLowerCase();
  const moral = clean(input.moral);
  const bookFormat = clean(input.bookFormat);
  const storyIdea = clean(input.storyIdea);

  const required: Array<[string, unknown]> = [
    ['childName', childName],
    ['childAge', input.childAge],
    ['moral', moral],
    ['email', email],
    ['bookFormat', bookFormat],
  ];
  const missing = required.find(([, value]) => value === '' || value === null || value === undefined);
  if (missing) return fail(MESSAGES.missingFields, missing[0]);

  if (length(childName) > LIMITS.childNameMaxLength || CONTROL.test(childName)) {
    return fail(MESSAGES.childName, 'childName');
  }
  if (!Number.isInteger(input.childAge) || input.childAge < LIMITS.minChildAge || input.childAge > LIMITS.maxChildAge) {
    return fail(MESSAGES.childAge, 'childAge');
  }
  if (!isEmailAddress(email)) return fail(MESSAGES.email, 'email');
  if (length(storyIdea) > LIMITS.storyIdeaMaxLength) return fail(MESSAGES.storyIdea, 'storyIdea');
  if (!isLifeLesson(moral)) return fail(MESSAGES.moral, 'moral');
  const plan = findPlan(bookFormat);
  if (!plan) return fail(MESSAGES.bookFormat, 'bookFormat');

  const order: ValidOrder = {
    childName,
    childAge: input.childAge,
    moral,
    storyIdea,
    email,
    bookFormat: plan.format,
    bookStyle: null,
    shippingAddress: null,
  };
  if (plan.format === 'digital') return { ok: true, order };

  const bookStyle = clean(input.bookStyle);
  if (!isBookStyle(bookStyle)) return fail(MESSAGES.bookStyle, 'bookStyle');

  const given = input.shippingAddress ?? {};
  const address: ShippingAddress = {
    fullName: clean(given.fullName),
    streetAddress: clean(given.streetAddress),
    city: clean(given.city),
    state: clean(given.state),
    zipCode: clean(given.zipCode),
    country: clean(given.country),
  };
  const requiredAddress = ['fullName', 'streetAddress', 'city', 'zipCode', 'country'] as const;
  const missingAddress = requiredAddress.find((key) => address[key] === '');
  if (missingAddress) return fail(MESSAGES.shippingAddress, `shippingAddress.${missingAddress}`);
  const badField = (Object.keys(address) as Array<keyof ShippingAddress>).find(
    (key) => length(address[key]) > LIMITS.addressFieldMaxLength || CONTROL.test(address[key]),
  );
  if (badField) return fail(MESSAGES.shippingTooLong, `shippingAddress.${badField}`);
  if (!isShippingCountry(address.country)) return fail(MESSAGES.shippingCountry, 'shippingAddress.country');

  return { ok: true, order: { ...order, bookStyle, shippingAddress: address } };
}
