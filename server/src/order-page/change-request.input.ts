import { IsNotEmpty } from 'class-validator';
import { LIMITS } from '../catalogue/catalogue';
import { MaxChars, PlainText, rule } from '../common/input-validation';

export const CHANGE_REQUEST_MAX_CHARS = LIMITS.changeRequestMaxLength;

export const CHANGE_REQUEST_INPUT_MESSAGES = {
  empty: 'Please tell us what you would like changed.',
  tooLong: `Please keep your request to ${CHANGE_REQUEST_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  controlCharacters: 'Your request cannot contain control characters.',
} as const;

/** What the parent asks to change in the delivered book; trimmed before it is checked. */
export class ChangeRequestInput {
  @IsNotEmpty(rule(CHANGE_REQUEST_INPUT_MESSAGES.empty))
  @MaxChars(CHANGE_REQUEST_MAX_CHARS, rule(CHANGE_REQUEST_INPUT_MESSAGES.tooLong))
  @PlainText(rule(CHANGE_REQUEST_INPUT_MESSAGES.controlCharacters))
  message: string;

  constructor(message: string) {
    this.message = typeof message === 'string' ? message.trim() : message;
  }
}
