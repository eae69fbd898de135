/**
 * The messages of a new order's checks, in the order the spec checks them (section 5): the
 * first failing rule in this list is the one the parent sees. The decorators on
 * create-order.input.ts take their message and their place from here.
 */
import type { ValidationOptions } from 'class-validator';
import { LIMITS } from '../catalogue/catalogue';
import { rule } from '../common/input-validation';
import { GIFT_DATE_MESSAGES } from '../orders/gift-delivery';

export const MESSAGES = {
  missingFields: 'Missing required fields',
  childName: 'Invalid child name',
  childAge: `Child age must be between ${LIMITS.minChildAge} and ${LIMITS.maxChildAge}`,
  email: 'Invalid email address',
  storyIdea: `Story idea must be at most ${LIMITS.storyIdeaMaxLength} characters`,
  storyIdeaCharacters: 'Story idea contains characters that cannot be saved',
  dedication: `Dedication must be at most ${LIMITS.dedicationMaxLength} characters`,
  dedicationCharacters: 'Dedication can have line breaks but no tabs or other control characters',
  moral: 'Invalid moral value selected',
  bookFormat: 'Invalid book format',
  bookStyle: 'Invalid book style for printed format',
  shippingAddress: 'Shipping address is required for printed books',
  shippingTooLong: `Shipping address fields must be at most ${LIMITS.addressFieldMaxLength} characters`,
  shippingCountry: 'Shipping currently limited to North America',
  shippingRegion: 'Invalid state or province for the country',
  shippingPostalCode: 'Invalid ZIP or postal code for the country',
  shippingPhone: 'Invalid phone number: give a North American number with its area code',
  giftMessage: `Gift message must be at most ${LIMITS.giftMessageMaxLength} characters`,
  giftMessageCharacters: 'Gift message can have line breaks but no tabs or other control characters',
  giftDeliveryDate: GIFT_DATE_MESSAGES.format,
  giftDeliveryDatePrinted: GIFT_DATE_MESSAGES.printed,
} as const;

const STEPS = Object.keys(MESSAGES) as Array<keyof typeof MESSAGES>;

/** A decorator's options for one of the order's rules: its message and its place in the order. */
export function orderRule(key: keyof typeof MESSAGES): ValidationOptions {
  return rule(MESSAGES[key], STEPS.indexOf(key));
}
