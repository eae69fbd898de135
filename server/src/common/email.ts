/** The longest address SMTP allows (RFC 5321): every e-mail column is this wide. */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** text@text.text with no spaces, within the length every e-mail column allows. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value) && value.length <= EMAIL_MAX_LENGTH;
}
