/**
 * Children's photos: judged by their bytes (JPEG or PNG, whatever the name or declared type),
 * capped while streaming, then decoded and re-encoded by sharp so that no EXIF, GPS or other
 * metadata survives, and bounded in size.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { LIMITS } from '../catalogue/catalogue';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { type Metrics, secondsSince } from '../observability/metrics';
import { readLimited, TooLargeError } from './read-limited';

export const PHOTO_TYPE_MESSAGE = 'Please upload a JPEG or PNG image only.';
export const PHOTO_SIZE_MESSAGE = 'Image should be less than 5MB in size.';

/**
 * Decoding costs memory by pixels, not bytes: a 372 KB interlaced 16-bit PNG of 49 megapixels
 * takes about 450 MB. A child's photo needs far fewer pixels than that (a phone's 12 MP camera
 * is half the limit), photos are decoded at most two at a time, and libvips keeps no cache, so
 * the memory photos can take stays bounded whatever arrives.
 */
export const PHOTO_MAX_PIXELS = 25_000_000;
export const PHOTO_PIXELS_MESSAGE = 'This photo has too many pixels. Please upload one of at most 25 megapixels.';
const decodes = new ConcurrencyLimit(2);
sharp.cache(false);
sharp.concurrency(1);

/** Longest side kept; plenty for an illustrator, small enough to store and serve. */
const MAX_DIMENSION = 2048;

/**
 * libjpeg-turbo (sharp's default encoder) at quality 90: fine texture (hair, skin, fabric) stays
 * crisp for the illustrator, at a tenth of mozjpeg's CPU time per photo (mozjpeg saves bytes,
 * not quality). Chroma stays 4:2:0: phones store 4:2:0 at twice this size, so after the resize
 * to 2048 px it keeps all the colour detail the camera recorded. Baseline, not progressive: the
 * file is downloaded whole, and progressive costs more to encode.
 */
export const JPEG_OUTPUT = { quality: 90, chromaSubsampling: '4:2:0', progressive: false, mozjpeg: false } as const;
/**
 * PNG stays lossless; zlib's fastest level without per-row filtering costs about half of level 9
 * for a file about as large as the upload (a photo's pixels barely compress either way).
 */
export const PNG_OUTPUT = { compressionLevel: 1, adaptiveFiltering: false } as const;

export type PhotoFormat = 'jpeg' | 'png';

export interface ProcessedPhoto {
  data: Buffer;
  format: PhotoFormat;
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export function sniffImageType(head: Buffer): PhotoFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'png';
  return null;
}

/**
 * Reads, checks and re-encodes an uploaded photo; throws UserFacingError with the spec's text.
 * `metrics` hears of the bytes read and of the time sharp took.
 */
export async function processPhoto(
  stream: Readable,
  maxBytes: number = LIMITS.photoMaxBytes,
  metrics?: Pick<Metrics, 'uploadReceived' | 'photoProcessed'>,
): Promise<ProcessedPhoto> {
  let input: Buffer;
  try {
    input = await readLimited(stream, maxBytes, (head) => {
      // The file's first 16 bytes (all of it when shorter), however the network split them:
      // enough for the JPEG and PNG signatures.
      if (sniffImageType(head) === null) throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_TYPE_MESSAGE, 'childPhoto');
    });
  } catch (error) {
    // Ours, or graphql-upload's 413 when the request itself is cut off at the same cap.
    if (error instanceof TooLargeError || (error as { status?: number }).status === 413) {
      metrics?.uploadReceived('photo', maxBytes); // at least this much was read before the refusal
      throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_SIZE_MESSAGE, 'childPhoto');
    }
    throw error;
  }
  metrics?.uploadReceived('photo', input.length);
  const format = sniffImageType(input);
  if (!format) throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_TYPE_MESSAGE, 'childPhoto');
  return decodes.run(async () => {
    const start = process.hrtime.bigint();
    try {
      const photo = await reencode(input, format);
      metrics?.photoProcessed('ok', secondsSince(start));
      return photo;
    } catch (error) {
      metrics?.photoProcessed('refused', secondsSince(start));
      throw error;
    }
  });
}

async function reencode(input: Buffer, format: PhotoFormat): Promise<ProcessedPhoto> {
  // The header alone tells the size: refuse too many pixels before decoding any of them.
  const { width = 0, height = 0 } = await sharp(input)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > PHOTO_MAX_PIXELS)
    throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_PIXELS_MESSAGE, 'childPhoto');
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const pipeline = sharp(input, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (format === 'jpeg' ? pipeline.jpeg(JPEG_OUTPUT) : pipeline.png(PNG_OUTPUT)).toBuffer({
      resolveWithObject: true,
    });
    return {
      data,
      format,
      extension: format === 'jpeg' ? 'jpg' : 'png',
      contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  } catch {
    // The header looked right but the picture does not decode: not an image we can use.
    throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_TYPE_MESSAGE, 'childPhoto');
  }
}
