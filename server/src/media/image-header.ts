/**
 * What a photo's first bytes say: its format (JPEG or PNG, whatever its name or declared type),
 * and its width and height, read from its header as the decoder reads them. The size decides
 * whether a photo may be decoded at all; asked of libvips, it took a pipeline of its own and
 * 0.2-0.35 ms of CPU per photo (`npm run bench:photo`), read here a microsecond.
 *
 * Only headers as the formats define them are read: one laid out otherwise, or one the decoder
 * would refuse (a PNG header that fails its CRC, a JPEG frame header whose length does not fit it),
 * answers null and is left to libvips, as before. The decoder is still held to the pixel limit
 * itself (`limitInputPixels`), so a size read wrongly could refuse a photo or misjudge its share of
 * the decoding memory, never let one past the limit.
 */
import { crc32 } from 'node:zlib';

export type PhotoFormat = 'jpeg' | 'png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format of a file that starts with `head`, or null when it is neither JPEG nor PNG. */
export function sniffImageType(head: Buffer): PhotoFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'png';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

const IHDR = 0x49484452; // "IHDR"
/** The bit depths each colour type allows (PNG, 11.2.2). */
const PNG_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_MAX_DIMENSION = 2 ** 31 - 1;

/**
 * A PNG's size, from its first chunk, IHDR (PNG, 11.2.2): its length, type, 13 bytes of data
 * (width, height, bit depth, colour type, compression, filter, interlace) and CRC. A chunk that
 * fails its CRC or holds values the specification does not allow is one the decoder refuses: null.
 */
function pngSize(bytes: Buffer): ImageSize | null {
  const at = PNG_SIGNATURE.length;
  if (bytes.length < at + 25) return null;
  if (bytes.readUInt32BE(at) !== 13 || bytes.readUInt32BE(at + 4) !== IHDR) return null;
  if (crc32(bytes.subarray(at + 4, at + 21)) !== bytes.readUInt32BE(at + 21)) return null; // over its type and data
  const width = bytes.readUInt32BE(at + 8);
  const height = bytes.readUInt32BE(at + 12);
  const [bitDepth = 0, colourType = -1, compression, filter, interlace = 2] = bytes.subarray(at + 16, at + 21);
  if (!PNG_BIT_DEPTHS[colourType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  if (width < 1 || height < 1 || width > PNG_MAX_DIMENSION || height > PNG_MAX_DIMENSION) return null;
  return { width, height };
}

/** Start-of-frame markers (ITU T.81, B.1.1.3): every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG's size, from its frame header: the segments before it (APPn with EXIF, quantisation and
 * Huffman tables, comments) are stepped over by their lengths. Null when the scan starts before a
 * frame header, when the height is left to a later DNL marker (0), or when the bytes run out.
 */
function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2; // after SOI
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // a marker without a segment (TEM, RSTn, SOI)
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the end, or the scan, before any frame header
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // Precision, height, width, the number of components, 3 bytes for each (ITU T.81, B.2.2),
      // checked as libjpeg checks them before it reads on.
      if (at + 10 > bytes.length) return null;
      const precision = bytes[at + 4]!;
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      const components = bytes[at + 9]!;
      if (components < 1 || length !== 8 + 3 * components || ![8, 12, 16].includes(precision)) return null;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/** The size `bytes` (a photo of `format`) declares, or null when its header is not read here. */
export function imageSize(bytes: Buffer, format: PhotoFormat): ImageSize | null {
  return format === 'png' ? pngSize(bytes) : jpegSize(bytes);
}
