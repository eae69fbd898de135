/** The admin's reason for a refund: required, one short paragraph, shown to the parent in the refund e-mail. */
import { IsNotEmpty, IsString } from 'class-validator';
import { MaxChars, NoControlCharacters, rule } from '../common/input-validation';

export const REFUND_REASON_MAX_CHARS = 500;

export const REFUND_REASON_MESSAGES = {
  required: 'Please enter the reason for the refund.',
  tooLong: `Please keep the reason under ${REFUND_REASON_MAX_CHARS} characters.`,
  controlCharacters: 'The reason cannot contain control characters.',
} as const;

/** The reason as the service checks it, trimmed. */
export class RefundReasonInput {
  @IsString(rule(REFUND_REASON_MESSAGES.required, 0))
  @IsNotEmpty(rule(REFUND_REASON_MESSAGES.required, 0))
  @MaxChars(REFUND_REASON_MAX_CHARS, rule(REFUND_REASON_MESSAGES.tooLong, 1))
  @NoControlCharacters(rule(REFUND_REASON_MESSAGES.controlCharacters, 2))
  reason: string;

  constructor(reason: string) {
    this.reason = reason.trim();
  }
}
