import { formatBytes } from '../order-format';
import { UPLOAD_MESSAGES } from './upload-messages';

/**
 * Refuses, before anything is sent, a file that is plainly not a PDF or is over the server's
 * limit. A renamed file that passes is still refused by the server, which reads its first bytes.
 */
export function checkPdfFile(file: File, maxBytes: number | null): string | null {
  const looksLikePdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksLikePdf) return UPLOAD_MESSAGES.pdfWrongType;
  if (maxBytes !== null && file.size > maxBytes) return UPLOAD_MESSAGES.pdfTooLarge(formatBytes(maxBytes));
  return null;
}
