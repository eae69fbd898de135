/**
 * Judges an uploaded video by its bytes, not its name or the browser's MIME type, and passes
 * it on as a stream with a size cap, so a 2 GB file goes to storage without being held in memory.
 */
import type { Readable } from 'node:stream';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { openSniffed, type SniffedUpload } from './sniffed-upload';

export const VIDEO_TYPE_MESSAGE = 'Please upload an MP4, MOV or WebM video.';

export interface VideoType {
  extension: 'mp4' | 'mov' | 'webm';
  contentType: 'video/mp4' | 'video/quicktime' | 'video/webm';
}

const MP4: VideoType = { extension: 'mp4', contentType: 'video/mp4' };
const MOV: VideoType = { extension: 'mov', contentType: 'video/quicktime' };
const WEBM: VideoType = { extension: 'webm', contentType: 'video/webm' };

/** Enough of the head to see an ISO-BMFF `ftyp` box with its brands, or an EBML header's DocType. */
const HEAD_BYTES = 64;

/**
 * ISO base media files (MP4, MOV, but also HEIC photos and M4A audio) start with an `ftyp` box
 * naming brands. These brands mean video; image and audio brands do not.
 */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'hev1',
  'av01',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'mmp4',
  'dash',
  'msnv',
  'ndas',
  'XAVC',
  'MSNV',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'qt  ',
]);

/** Audio and still-image brands: an M4A or HEIC names `isom` among its compatible brands too. */
const NOT_VIDEO_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'jp2 ',
  'jpx ',
  'crx ',
]);

export function sniffVideo(head: Buffer): VideoType | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    const major = head.toString('latin1', 8, 12);
    if (major === 'qt  ') return MOV;
    if (NOT_VIDEO_BRANDS.has(major)) return null;
    // Compatible brands follow the major brand and a 4-byte minor version.
    const brands = [major];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
    return brands.some((brand) => VIDEO_BRANDS.has(brand)) ? MP4 : null;
  }
  // WebM is Matroska with DocType "webm": the EBML magic, then the DocType element (0x4282).
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && head.subarray(docType + 2, docType + 8).includes(Buffer.from('webm'))) return WEBM;
  }
  return null;
}

export class VideoTooLargeError extends UserFacingError {
  constructor(maxBytes: number) {
    super(UserErrorCode.INVALID_INPUT, `The video is too large: the limit is ${formatBytes(maxBytes)}.`, 'video');
    this.name = 'VideoTooLargeError';
  }
}

export type OpenedVideo = SniffedUpload<VideoType>;

/**
 * Reads just enough of `source` to know what it is, then hands back a stream of the whole file.
 * Refuses (UserFacingError) anything that is not MP4, MOV or WebM before a byte is stored.
 */
export function openVideo(source: Readable, maxBytes: number): Promise<OpenedVideo> {
  return openSniffed(source, {
    maxBytes,
    headBytes: HEAD_BYTES,
    sniff: sniffVideo,
    tooLarge: () => new VideoTooLargeError(maxBytes),
    wrongType: () => new UserFacingError(UserErrorCode.INVALID_INPUT, VIDEO_TYPE_MESSAGE, 'video'),
  });
}

/** 2147483648 -> "2 GB"; 1572864 -> "1.5 MB". Binary units, as the limits are set. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
