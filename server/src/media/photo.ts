/**
 * Children's photos: judged by their bytes (JPEG or PNG, whatever the name or declared type),
 * capped while streaming, then decoded and re-encoded by sharp so that no EXIF, GPS or other
 * metadata survives, and bounded in size.
 */
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { LIMITS } from '../catalogue/catalogue';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { type Metrics, secondsSince } from '../observability/metrics';
import { BufferPool } from './buffer-pool';
import { imageSize, sniffImageType } from './image-header';
import { gatherInto, readChunks, type Received, TooLargeError } from './read-limited';

export const PHOTO_TYPE_MESSAGE = 'Please upload a JPEG or PNG image only.';
export const PHOTO_SIZE_MESSAGE = 'Image should be less than 5MB in size.';

/**
 * Decoding costs memory by pixels, not bytes: a 372 KB interlaced 16-bit PNG of 49 megapixels
 * takes about 450 MB. A child's photo needs far fewer pixels than that (a phone's 12 MP camera
 * is half the limit), the photos being decoded at once hold at most twice the limit between
 * them (two photos at the limit, four from a phone, dozens of small ones; a 25 MP photo turned
 * upright peaks at about 80 MB), and libvips keeps no cache, so the memory photos can take
 * stays bounded whatever arrives.
 */
export const PHOTO_MAX_PIXELS = 25_000_000;
export const PHOTO_PIXELS_MESSAGE = 'This photo has too many pixels. Please upload one of at most 25 megapixels.';
const decodes = new ConcurrencyLimit(2 * PHOTO_MAX_PIXELS);
/**
 * Photos checked and decoded at once, each gathered into a buffer of its own that is used again
 * for the next one (BufferPool says why): one per core, four at least (as many phone photos as
 * `decodes` lets decode together), eight at most (40 MB of buffers). The others wait their turn,
 * received whole, with their bytes where the upload left them.
 */
const PHOTOS_AT_ONCE = Math.min(8, Math.max(4, availableParallelism()));
const photoTurns = new ConcurrencyLimit(PHOTOS_AT_ONCE);
const photoBuffers = new BufferPool(LIMITS.photoMaxBytes, PHOTOS_AT_ONCE);
sharp.cache(false);
sharp.concurrency(1);

/** Longest side kept; plenty for an illustrator, small enough to store and serve. */
const MAX_DIMENSION = 2048;

/**
 * Every photo is stored as a JPEG from libjpeg-turbo (sharp's default encoder) at quality 90,
 * whatever it arrived as:
 * - quality 90 keeps fine texture (hair, skin, fabric) crisp for the illustrator; mozjpeg
 *   would save bytes, not quality, at ten times the CPU per photo;
 * - chroma 4:2:0: phones store 4:2:0 at twice this size, so after the resize to 2048 px it keeps
 *   all the colour detail the camera recorded (a PNG's own full-resolution colour is halved,
 *   which a face does not show);
 * - baseline, not progressive: the file is downloaded whole, and progressive costs more to encode;
 * - the standard Huffman tables, not tables fitted to each photo (sharp's default): fitting them
 *   takes the encoder a second pass over the picture and twice the CPU or more (4.7 against 2.4 ms
 *   for a 736x552 picture, 27 against 11 ms for a phone's photo at 2048 px; `npm run bench:photo`)
 *   to save 6-9% of a file's bytes, while the parent waits on the CPU and the bytes cost next to
 *   nothing; the picture is the same either way;
 * - a PNG (a screenshot, an exported or edited picture) becomes a JPEG too: kept lossless it was
 *   stored at about 20 times the size and cost twice the CPU to encode, for detail a JPEG at
 *   quality 90 keeps; a transparent background becomes white.
 */
export const JPEG_OUTPUT = {
  quality: 90,
  chromaSubsampling: '4:2:0',
  progressive: false,
  optimiseCoding: false,
  mozjpeg: false,
} as const;

export interface ProcessedPhoto {
  data: Buffer;
  extension: 'jpg';
  contentType: 'image/jpeg';
  width: number;
  height: number;
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
  // Received whole before it takes a turn: a parent on a slow line holds up nobody else's photo.
  const received = await receivePhoto(stream, maxBytes, metrics);
  return photoTurns.run(async () => {
    const into = received.length <= photoBuffers.size ? photoBuffers.take() : null;
    try {
      return await checkAndReencode(into ? gatherInto(received, into) : Buffer.concat(received.chunks, received.length), metrics);
    } finally {
      // sharp is done with the bytes once its promise settles; the stored photo is a new buffer of its own.
      if (into) photoBuffers.give(into, received.length);
    }
  });
}

/** The upload's chunks, judged by their first bytes and capped at `maxBytes` while they arrive. */
async function receivePhoto(
  stream: Readable,
  maxBytes: number,
  metrics: Pick<Metrics, 'uploadReceived'> | undefined,
): Promise<Received> {
  try {
    const received = await readChunks(stream, maxBytes, (head) => {
      // The file's first 16 bytes (all of it when shorter, none when empty), however the network
      // split them: enough for the JPEG and PNG signatures.
      if (sniffImageType(head) === null) throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_TYPE_MESSAGE, 'childPhoto');
    });
    metrics?.uploadReceived('photo', received.length);
    return received;
  } catch (error) {
    // Ours, or graphql-upload's 413 when the request itself is cut off at the same cap.
    if (error instanceof TooLargeError || (error as { status?: number }).status === 413) {
      metrics?.uploadReceived('photo', maxBytes); // at least this much was read before the refusal
      throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_SIZE_MESSAGE, 'childPhoto');
    }
    throw error;
  }
}

async function checkAndReencode(input: Buffer, metrics: Pick<Metrics, 'photoProcessed'> | undefined): Promise<ProcessedPhoto> {
  // The header alone tells the size: refuse too many pixels before decoding any of them.
  const format = sniffImageType(input);
  const { width = 0, height = 0 } =
    (format && imageSize(input, format)) ??
    (await sharp(input)
      .metadata()
      .catch(() => ({ width: 0, height: 0 })));
  const pixels = width * height;
  if (pixels > PHOTO_MAX_PIXELS) throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_PIXELS_MESSAGE, 'childPhoto');
  return decodes.run(async () => {
    const start = process.hrtime.bigint();
    try {
      const photo = await reencode(input);
      metrics?.photoProcessed('ok', secondsSince(start));
      return photo;
    } catch (error) {
      metrics?.photoProcessed('refused', secondsSince(start));
      throw error;
    }
  }, pixels);
}

async function reencode(input: Buffer): Promise<ProcessedPhoto> {
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg(JPEG_OUTPUT)
      .toBuffer({ resolveWithObject: true });
    return { data, extension: 'jpg', contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // The header looked right but the picture does not decode: not an image we can use.
    throw new UserFacingError(UserErrorCode.INVALID_INPUT, PHOTO_TYPE_MESSAGE, 'childPhoto');
  }
}
