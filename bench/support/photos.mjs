/**
 * Photos for the createOrder benchmark, made with sharp so that they compress like photos
 * (smooth gradients, soft shapes, sensor grain), not like noise or flat colour.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A photo-like picture: a diagonal colour gradient, soft blobs (random colours at 1/48 scale,
 * enlarged with a smooth kernel, so edges are soft like out-of-focus detail), and fine grain like
 * a phone sensor's. It compresses like a photo: far better than noise, far worse than flat colour.
 */
async function photoLikePixels(width, height, grain) {
  const sw = Math.ceil(width / 48);
  const sh = Math.ceil(height / 48);
  const blobs = await sharp(randomBytes(sw * sh * 3), { raw: { width: sw, height: sh, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = randomBytes(width * height);
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const g = (x / width + y / height) / 2; // 0..1 diagonal
      const n = ((noise[i] / 255) * 2 - 1) * grain;
      const base = [60 + 140 * g, 90 + 80 * (1 - g), 150 - 70 * g];
      for (let c = 0; c < 3; c++) {
        const v = 0.55 * base[c] + 0.45 * blobs[i * 3 + c] + n;
        out[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return out;
}

/** A phone camera's JPEG: 4032x3024, 2-4 MB. */
export async function makeJpeg() {
  const width = 4032;
  const height = 3024;
  const data = await sharp(await photoLikePixels(width, height, 8), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 }) // what phones store: high quality, 4:2:0
    .toBuffer();
  return { name: 'IMG_0001.jpg', type: 'image/jpeg', data, width, height, label: 'phone JPEG' };
}

/** A 1 MB PNG (an edited or exported picture). */
export async function makePng() {
  const width = 736;
  const height = 552;
  const data = await sharp(await photoLikePixels(width, height, 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { name: 'drawing.png', type: 'image/png', data, width, height, label: 'PNG' };
}
