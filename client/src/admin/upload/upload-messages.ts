/** What the admin sees about a delivery upload (spec section 8, "Admin"; the server's own wording for the file checks). */
export const UPLOAD_MESSAGES = {
  succeeded: (email: string) => `Video uploaded successfully and email sent to ${email}`,
  // No mail service is set up: the e-mail waits in the outbox (shown in the order's panel).
  succeededQueued: (email: string) =>
    `Video uploaded successfully. The email to ${email} is queued in the outbox, not sent: e-mail sending is not set up.`,
  revised: (email: string) => `Revision uploaded and email sent to ${email}`,
  revisedQueued: (email: string) =>
    `Revision uploaded. The email to ${email} is queued in the outbox, not sent: e-mail sending is not set up.`,
  // The server answered without saying why.
  failed: 'Failed to upload video',
  // The request itself failed (network, server error).
  error: 'An error occurred while processing the video',
  // The video's parts did not reach the file store (straight uploads): nothing was delivered.
  storageError: 'The video could not be sent to the file store. Nothing was delivered: please try again.',
  // Another tab of this browser is delivering the same order's book.
  uploadingElsewhere:
    "This order's book is already being uploaded in another tab. Wait for it there, or close that tab and try again.",
  wrongType: 'Please upload an MP4, MOV or WebM video.',
  tooLarge: (limit: string) => `The video is too large: the limit is ${limit}.`,
  pdfWrongType: 'Please upload the storybook as a PDF file.',
  pdfTooLarge: (limit: string) => `The PDF is too large: the limit is ${limit}.`,
  videoRequired: 'Please choose the story video.',
  pdfRequired: 'A digital book needs its storybook PDF: please choose the PDF file.',
  revisionNeedsFile: 'Please choose a new video or PDF for the revision.',
} as const;

/** What the file pickers offer; the server judges each file by its bytes, not its name. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';
export const PDF_ACCEPT = 'application/pdf,.pdf';
