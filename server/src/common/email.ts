/** The longest address SMTP allows (RFC 5321): every e-mail column is this wide. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * text@label.label with no spaces or control characters. Each domain label excludes the dot,
 * so there is one way to match and the check takes linear time whatever it is given (a
 * pattern where `[^@]+\.` could split anywhere backtracks quadratically on a long input).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+$/u;

/** An address the shop can send to, within the length every e-mail column allows; the length is checked first. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
