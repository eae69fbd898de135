/**
 * The order form's checks, in the spec's order (section 5): only the first failure is shown,
 * so a parent fixes one thing at a time. Pure, so the order is unit-tested.
 */
import { isDayWithin, todayHere } from '../../ui/calendar-date';
import { ADDRESS_FIELDS, type OrderFormField, type OrderFormValues } from './order-form-values';

export interface FormError {
  message: string;
  /** The field to focus so the parent can fix it. */
  field: OrderFormField;
  /** Every field the message is about, when it is about several (the blank address fields); else just `field`. */
  fields?: OrderFormField[];
}

/** How a shipping country writes its postal code, as the catalogue serves it. */
export interface PostalRule {
  country: string;
  postalLabel: string;
  postalExample: string;
  postalPattern: string;
}

/** The catalogue's age range, as the API serves it (the server checks against the same one). */
export interface AgeLimits {
  minChildAge: number;
  maxChildAge: number;
}

/** The catalogue's limits the form checks before sending. */
export interface FormLimits extends AgeLimits {
  emailMaxLength: number;
  /** How many days ahead a digital gift's delivery date may be. */
  giftDeliveryMaxDays: number;
}

/** A label inside a sentence: "Postal code" as "postal code", "ZIP code" kept. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

export const MESSAGES = {
  childName: "Please enter your child's name.",
  childAge: (limits: AgeLimits) => `Please enter a valid age between ${limits.minChildAge}-${limits.maxChildAge}.`,
  moral: 'Please select a life lesson to teach.',
  email: 'Please enter a valid email address.',
  childPhoto: 'Please upload a photo of your child.',
  shippingAddress: 'Please complete all shipping address fields.',
  postalCode: (rule: PostalRule) => `Please enter a valid ${inSentence(rule.postalLabel)}, like ${rule.postalExample}.`,
  phone: 'Please enter a phone number with its area code, like 416-555-0123, or leave it blank.',
  giftDeliveryDate: (limits: Pick<FormLimits, 'giftDeliveryMaxDays'>) =>
    `Please choose a delivery date from today to ${limits.giftDeliveryMaxDays} days ahead, or leave it empty.`,
  acceptTerms: 'Please accept the terms and conditions.',
} as const;

/** A North American number a carrier can dial: ten digits (a leading 1 allowed), area code and exchange not starting 0 or 1. */
export function isPhoneNumber(value: string): boolean {
  if (!/^[\d\s()+.-]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
}

// text@label.label with no spaces or control characters: the same rule the server applies. Each
// domain label excludes the dot, so the check takes linear time on any input.
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+$/u;
// A whole number only: "6.5" or "6 years" would be refused by the server anyway.
const WHOLE_NUMBER = /^\d+$/;

/** The length is checked first: the pattern never sees more than the longest address. */
export function isValidEmail(value: string, maxLength: number): boolean {
  const email = value.trim();
  return email.length <= maxLength && EMAIL_PATTERN.test(email);
}

export function parseAge(value: string, limits: AgeLimits): number | null {
  const text = value.trim();
  if (!WHOLE_NUMBER.test(text)) return null;
  const age = Number(text);
  return age >= limits.minChildAge && age <= limits.maxChildAge ? age : null;
}

/** The first problem with the form, or null when it can be sent. */
export function validateOrderForm(
  values: OrderFormValues,
  limits: FormLimits,
  postalRules: readonly PostalRule[] = [],
  /** For a gift's delivery date: today on this browser's calendar. */
  now = new Date(),
): FormError | null {
  if (!values.childName.trim()) return { message: MESSAGES.childName, field: 'childName' };
  if (parseAge(values.childAge, limits) === null) return { message: MESSAGES.childAge(limits), field: 'childAge' };
  if (!values.moral.trim()) return { message: MESSAGES.moral, field: 'moral' };
  if (!isValidEmail(values.email, limits.emailMaxLength)) return { message: MESSAGES.email, field: 'email' };
  if (!values.childPhoto) return { message: MESSAGES.childPhoto, field: 'childPhoto' };
  if (values.bookFormat === 'printed') {
    const blank = ADDRESS_FIELDS.filter((field) => !values[field].trim());
    if (blank[0]) return { message: MESSAGES.shippingAddress, field: blank[0], fields: blank };
    const postal = postalRules.find((rule) => rule.country === values.country);
    if (postal && !new RegExp(postal.postalPattern, 'i').test(values.zipCode.trim())) {
      return { message: MESSAGES.postalCode(postal), field: 'zipCode' };
    }
    if (values.phone.trim() && !isPhoneNumber(values.phone.trim())) return { message: MESSAGES.phone, field: 'phone' };
  }
  const giftDay = values.isGift && values.bookFormat === 'digital' ? values.giftDeliveryDate : '';
  if (giftDay && !isDayWithin(giftDay, todayHere(now), limits.giftDeliveryMaxDays)) {
    return { message: MESSAGES.giftDeliveryDate(limits), field: 'giftDeliveryDate' };
  }
  if (!values.acceptTerms) return { message: MESSAGES.acceptTerms, field: 'acceptTerms' };
  return null;
}
