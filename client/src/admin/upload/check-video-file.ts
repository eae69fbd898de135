import { formatBytes } from '../order-format';
import { UPLOAD_MESSAGES } from './upload-messages';

const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i;

/**
 * Refuses, before anything is sent, a file that is plainly not a video or is over the server's
 * limit. A wrong file that passes (a renamed one) is still refused by the server.
 */
export function checkVideoFile(file: File, maxBytes: number | null): string | null {
  const looksLikeVideo = VIDEO_TYPES.includes(file.type) || (!file.type.startsWith('video/') && VIDEO_EXTENSIONS.test(file.name));
  if (!looksLikeVideo) return UPLOAD_MESSAGES.wrongType;
  if (maxBytes !== null && file.size > maxBytes) return UPLOAD_MESSAGES.tooLarge(formatBytes(maxBytes));
  return null;
}
