/**
 * Judges an uploaded storybook PDF by its bytes (a PDF starts with `%PDF-`), not its name or
 * the browser's MIME type, and passes it on as a stream with its own size cap.
 */
import type { Readable } from 'node:stream';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { openSniffed, type SniffedUpload } from './sniffed-upload';
import { formatBytes } from './video-file';

export const PDF_FIELD = 'storybookPdf';
export const PDF_TYPE_MESSAGE = 'Please upload the storybook as a PDF file.';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function isPdf(head: Buffer): boolean {
  return head.length >= PDF_MAGIC.length && head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

export class PdfTooLargeError extends UserFacingError {
  constructor(maxBytes: number) {
    super(UserErrorCode.INVALID_INPUT, `The PDF is too large: the limit is ${formatBytes(maxBytes)}.`, PDF_FIELD);
    this.name = 'PdfTooLargeError';
  }
}

/** Refuses (UserFacingError) anything that does not start like a PDF before a byte is stored. */
export function openPdf(source: Readable, maxBytes: number): Promise<SniffedUpload<'pdf'>> {
  return openSniffed(source, {
    maxBytes,
    headBytes: PDF_MAGIC.length,
    sniff: (head) => (isPdf(head) ? 'pdf' : null),
    tooLarge: () => new PdfTooLargeError(maxBytes),
    wrongType: () => new UserFacingError(UserErrorCode.INVALID_INPUT, PDF_TYPE_MESSAGE, PDF_FIELD),
  });
}
