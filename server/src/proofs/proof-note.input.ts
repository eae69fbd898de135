import { IsNotEmpty } from 'class-validator';
import { MaxChars, PlainText, rule } from '../common/input-validation';

export const PROOF_NOTE_MAX_CHARS = 2000;

export const PROOF_NOTE_MESSAGES = {
  empty: 'Please note how the parent approved the proof (for example, by e-mail on which day).',
  tooLong: `Please keep the note to ${PROOF_NOTE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  controlCharacters: 'The note cannot contain control characters.',
} as const;

/** Why an owner approves a proof for the parent; trimmed before it is checked. */
export class ProofNoteInput {
  @IsNotEmpty(rule(PROOF_NOTE_MESSAGES.empty))
  @MaxChars(PROOF_NOTE_MAX_CHARS, rule(PROOF_NOTE_MESSAGES.tooLong))
  @PlainText(rule(PROOF_NOTE_MESSAGES.controlCharacters))
  note: string;

  constructor(note: string) {
    this.note = typeof note === 'string' ? note.trim() : note;
  }
}
