import { IsNotEmpty } from 'class-validator';
import { MaxChars, PlainText, rule } from '../common/input-validation';

export const ORDER_NOTE_MAX_CHARS = 2000;

export const ORDER_NOTE_MESSAGES = {
  empty: 'Please write the note.',
  tooLong: `Please keep a note to ${ORDER_NOTE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  controlCharacters: 'A note cannot contain control characters.',
} as const;

/** A note staff write about an order; trimmed before it is checked, line breaks kept. */
export class OrderNoteInput {
  @IsNotEmpty(rule(ORDER_NOTE_MESSAGES.empty))
  @MaxChars(ORDER_NOTE_MAX_CHARS, rule(ORDER_NOTE_MESSAGES.tooLong))
  @PlainText(rule(ORDER_NOTE_MESSAGES.controlCharacters))
  text: string;

  constructor(text: string) {
    this.text = typeof text === 'string' ? text.trim() : text;
  }
}
