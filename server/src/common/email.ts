import { LIMITS } from '../catalogue/catalogue';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** text@text.text with no spaces, within the length every e-mail column allows. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value) && value.length <= LIMITS.emailMaxLength;
}
