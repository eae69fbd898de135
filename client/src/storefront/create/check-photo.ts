/**
 * Checks a chosen photo the moment it is picked, the way the server will: by its first
 * bytes (a renamed text file is not a photo), then by size.
 */

export const PHOTO_MESSAGES = {
  type: 'Please upload a JPEG or PNG image only.',
  size: 'Image should be less than 5MB in size.',
} as const;

/** What the file input offers in the picker; the content check below is what counts. */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // Older engines (and jsdom) lack Blob.arrayBuffer; FileReader does the same job.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** 'jpeg' or 'png' judged by content; the declared type only if the file cannot be read. */
export async function sniffPhotoType(file: File): Promise<'jpeg' | 'png' | null> {
  try {
    const bytes = new Uint8Array(await readBytes(file.slice(0, 8)));
    if (startsWith(bytes, JPEG)) return 'jpeg';
    if (startsWith(bytes, PNG)) return 'png';
    return null;
  } catch {
    if (file.type === 'image/jpeg') return 'jpeg';
    if (file.type === 'image/png') return 'png';
    return null;
  }
}

/** The message that refuses the photo, or null when it is fine to keep. */
export async function checkPhoto(file: File, maxBytes: number): Promise<string | null> {
  if (!(await sniffPhotoType(file))) return PHOTO_MESSAGES.type;
  if (file.size > maxBytes) return PHOTO_MESSAGES.size;
  return null;
}
