import { IsNotEmpty } from 'class-validator';
import { MaxChars, PlainText, rule } from '../common/input-validation';

export const CHANGE_ANSWER_MAX_CHARS = 2000;

export const CHANGE_ANSWER_INPUT_MESSAGES = {
  empty: 'Please write what to tell the parent.',
  tooLong: `Please keep the answer to ${CHANGE_ANSWER_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  controlCharacters: 'The answer cannot contain control characters.',
} as const;

/** What the staff tell the parent about their request; trimmed before it is checked, line breaks kept. */
export class ChangeAnswerInput {
  @IsNotEmpty(rule(CHANGE_ANSWER_INPUT_MESSAGES.empty))
  @MaxChars(CHANGE_ANSWER_MAX_CHARS, rule(CHANGE_ANSWER_INPUT_MESSAGES.tooLong))
  @PlainText(rule(CHANGE_ANSWER_INPUT_MESSAGES.controlCharacters))
  text: string;

  constructor(text: string) {
    this.text = typeof text === 'string' ? text.trim() : text;
  }
}
