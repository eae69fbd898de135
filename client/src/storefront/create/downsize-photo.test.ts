import { downsizePhoto, MAX_SIDE_PX, needsDownsizing, SMALL_ENOUGH_BYTES, targetSize } from './downsize-photo';

describe('targetSize', () => {
  it('brings the longest side of a landscape phone photo down to 2048 px, keeping the shape', () => {
    expect(targetSize({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
  });

  it('does the same for a portrait photo', () => {
    expect(targetSize({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
  });

  it('never enlarges a small photo', () => {
    expect(targetSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(targetSize({ width: MAX_SIDE_PX, height: 10 })).toEqual({ width: MAX_SIDE_PX, height: 10 });
  });

  it('keeps at least one pixel on a very thin photo', () => {
    expect(targetSize({ width: 10000, height: 2 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('needsDownsizing', () => {
  it('re-encodes anything over 2048 px', () => {
    expect(needsDownsizing({ size: 100_000, type: 'image/jpeg' }, { width: 3000, height: 2000 })).toBe(true);
  });

  it('re-encodes a large or PNG photo even when small in pixels', () => {
    expect(needsDownsizing({ size: 4 * 1024 * 1024, type: 'image/jpeg' }, { width: 2000, height: 1500 })).toBe(true);
    expect(needsDownsizing({ size: 300_000, type: 'image/png' }, { width: 1000, height: 800 })).toBe(true);
  });

  it('sends a small JPEG as it is', () => {
    expect(needsDownsizing({ size: SMALL_ENOUGH_BYTES, type: 'image/jpeg' }, { width: 1600, height: 1200 })).toBe(false);
  });
});

describe('downsizePhoto', () => {
  it('sends the original when the browser cannot decode images (nothing is lost)', async () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'mia.jpg', { type: 'image/jpeg' });
    expect(typeof (globalThis as { createImageBitmap?: unknown }).createImageBitmap).toBe('undefined');
    await expect(downsizePhoto(photo)).resolves.toBe(photo);
  });

  it('sends the original when decoding fails, so the server judges it', async () => {
    const photo = new File([new Uint8Array(64)], 'broken.png', { type: 'image/png' });
    Object.assign(globalThis, { createImageBitmap: jest.fn().mockRejectedValue(new Error('cannot decode')) });
    try {
      await expect(downsizePhoto(photo)).resolves.toBe(photo);
    } finally {
      delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    }
  });
});
