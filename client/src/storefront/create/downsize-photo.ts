/**
 * Makes a phone photo small before it is sent: longest side at most 2048 px, JPEG at about
 * 0.85, turned upright from its EXIF orientation. A 4 MB photo goes up as a few hundred KB;
 * the server still judges and re-encodes what it gets. The form's checks (type by content,
 * size) run on the original; this runs only when the order is sent.
 */

export const MAX_SIDE_PX = 2048;
export const JPEG_QUALITY = 0.85;
/** A JPEG this small and no larger than MAX_SIDE_PX is sent as it is. */
export const SMALL_ENOUGH_BYTES = 600 * 1024;

export interface Size {
  width: number;
  height: number;
}

/** The size to draw at: the longest side brought down to maxSide, never enlarged. */
export function targetSize({ width, height }: Size, maxSide = MAX_SIDE_PX): Size {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest === 0) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a photo needs re-encoding, or can go as it is. */
export function needsDownsizing(photo: { size: number; type: string }, size: Size, maxSide = MAX_SIDE_PX): boolean {
  if (Math.max(size.width, size.height) > maxSide) return true;
  return photo.type !== 'image/jpeg' || photo.size > SMALL_ENOUGH_BYTES;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo';
  return `${base}.jpg`;
}

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function makeCanvas({ width, height }: Size): Canvas | null {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encodeJpeg(canvas: Canvas): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The photo to send: a smaller upright JPEG when that helps, else the original. Anything
 * the browser cannot decode or draw goes as it is, so the server gives its own verdict.
 */
export async function downsizePhoto(photo: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return photo;
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
    const natural = { width: bitmap.width, height: bitmap.height };
    if (!needsDownsizing(photo, natural)) return photo;
    const size = targetSize(natural);
    const canvas = makeCanvas(size);
    const context = canvas?.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!canvas || !context) return photo;
    // JPEG has no transparency: a PNG's clear areas become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await encodeJpeg(canvas);
    if (!blob || blob.size === 0) return photo;
    // Re-encoding a small photo can make it bigger: keep whichever is smaller and fits.
    if (blob.size >= photo.size && Math.max(natural.width, natural.height) <= MAX_SIDE_PX) return photo;
    return new File([blob], jpegName(photo.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return photo;
  } finally {
    bitmap?.close();
  }
}
