/** What the panel's Studio section says; the server's refusals carry their own text. */
export const STUDIO_MESSAGES = {
  assignFailed: 'The order could not be assigned. Please try again.',
  noteFailed: 'The note could not be saved. Please try again.',
  noteEmpty: 'Please write the note.',
  answerEmpty: 'Please write what to tell the parent.',
  answerFailed: 'The answer could not be sent. Please try again.',
  proofChoose: 'Please choose the proof (a PDF).',
  proofFailed: 'The proof could not be sent. Please try again.',
  proofSent: 'Proof sent: the parent is e-mailed to review it.',
  approveNoteEmpty: 'Please note how the parent approved the proof.',
  approveFailed: 'The proof could not be approved. Please try again.',
  noProofs: 'No proof sent yet. A printed book goes to print only once the parent approves its proof.',
  nobody: 'Nobody yet',
  noNotes: 'No notes yet. Notes are for the staff only; the parent never sees them.',
} as const;
