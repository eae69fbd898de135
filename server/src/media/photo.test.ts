import { Readable } from 'node:stream';
import sharp from 'sharp';
import { LIMITS } from '../catalogue/catalogue';
import { PHOTO_MAX_PIXELS, PHOTO_PIXELS_MESSAGE, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE, processPhoto } from './photo';

describe('processPhoto', () => {
  it('stops reading as soon as the stream passes the cap', async () => {
    let served = 0;
    const chunk = Buffer.alloc(64 * 1024, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(chunk);
    const endless = new Readable({
      read() {
        served++;
        this.push(chunk);
      },
    });
    await expect(processPhoto(endless, 1024 * 1024)).rejects.toThrow(PHOTO_SIZE_MESSAGE);
    expect(served).toBeLessThan(40); // ~17 chunks make the cap; an endless stream was never drained
  });

  it('refuses from the first chunk when it is not an image', async () => {
    await expect(processPhoto(Readable.from([Buffer.from('%PDF-1.7 ...')]))).rejects.toThrow(PHOTO_TYPE_MESSAGE);
  });

  it('refuses a PNG signature with nothing decodable after it as not an image, whatever size its bytes seem to say', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8af' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(4000, 9)]);
    await expect(processPhoto(Readable.from([broken]))).rejects.toThrow(PHOTO_TYPE_MESSAGE);
  });

  it('refuses an empty file', async () => {
    await expect(processPhoto(Readable.from([]))).rejects.toThrow(PHOTO_TYPE_MESSAGE);
  });
});

describe('processPhoto and image bombs', () => {
  it('refuses a small file that decodes to too many pixels, before decoding it', async () => {
    // 6000 x 6000 of one colour: a few kilobytes as a PNG, 36 megapixels decoded.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#88aaff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.photoMaxBytes);
    await expect(processPhoto(Readable.from([bomb]))).rejects.toThrow(PHOTO_PIXELS_MESSAGE);
  });

  it('reads the size of a JPEG or PNG from its header, without a libvips pipeline for it', async () => {
    const metadata = jest.spyOn(sharp.prototype, 'metadata');
    try {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8af' } })
        .jpeg()
        .toBuffer();
      const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#8af' } })
        .png()
        .toBuffer();
      expect((await processPhoto(Readable.from([jpeg]))).width).toBe(300);
      expect((await processPhoto(Readable.from([png]))).width).toBe(30);
      expect(metadata).not.toHaveBeenCalled();
    } finally {
      metadata.mockRestore();
    }
  });

  it('still takes a phone-sized photo, bounded to 2048 px', async () => {
    const phone = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#ffcc88' } })
      .jpeg()
      .toBuffer();
    const photo = await processPhoto(Readable.from([phone]));
    expect([photo.width, photo.height]).toEqual([2048, 1536]);
    expect(PHOTO_MAX_PIXELS).toBeGreaterThan(4032 * 3024);
  });
});

describe('processPhoto, one photo after another and several at once', () => {
  const solid = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const centre = async (jpeg: Buffer) => {
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return [...data.subarray(i, i + 3)];
  };
  const near = (actual: number[], expected: number[]) => actual.every((v, k) => Math.abs(v - expected[k]!) <= 3);

  it('gives each photo its own picture when many are read into the same reused memory', async () => {
    const red = await solid(300, 200, '#ff0000');
    const blue = await solid(120, 90, '#0000ff');
    const green = await solid(64, 64, '#00ff00');
    // Larger, then smaller: the second would show the first's bytes if the memory were not its own.
    expect(near(await centre((await processPhoto(Readable.from([red]))).data), [255, 0, 0])).toBe(true);
    const second = await processPhoto(Readable.from([blue]));
    expect([second.width, second.height]).toEqual([120, 90]);
    expect(near(await centre(second.data), [0, 0, 255])).toBe(true);
    const together = await Promise.all(
      Array.from({ length: 9 }, (_, i) => processPhoto(Readable.from([[red, blue, green][i % 3]!]))),
    );
    const colours = await Promise.all(together.map((photo) => centre(photo.data)));
    colours.forEach((colour, i) =>
      expect(
        near(
          colour,
          [
            [255, 0, 0],
            [0, 0, 255],
            [0, 255, 0],
          ][i % 3]!,
        ),
      ).toBe(true),
    );
  });

  it('takes the next photo after one that was refused', async () => {
    await expect(processPhoto(Readable.from([Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3])]))).rejects.toThrow(PHOTO_TYPE_MESSAGE);
    const photo = await processPhoto(Readable.from([await solid(50, 40, '#00ff00')]));
    expect([photo.width, photo.height]).toEqual([50, 40]);
  });
});

describe('processPhoto, the stored JPEG', () => {
  /** Each Huffman table of a JPEG (its DHT segments), as class (0 DC, 1 AC), id and code counts. */
  function huffmanTables(jpeg: Buffer): Array<{ tableClass: number; id: number; counts: number[] }> {
    const tables = [];
    let at = 2; // after SOI
    while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
      const marker = jpeg[at + 1]!;
      const length = jpeg.readUInt16BE(at + 2);
      if (marker === 0xda) break; // start of scan: the tables come before it
      if (marker === 0xc4) {
        let t = at + 4;
        while (t < at + 2 + length) {
          const counts = [...jpeg.subarray(t + 1, t + 17)];
          tables.push({ tableClass: jpeg[t]! >> 4, id: jpeg[t]! & 0x0f, counts });
          t += 17 + counts.reduce((sum, n) => sum + n, 0);
        }
      }
      at += 2 + length;
    }
    return tables;
  }
  // The JPEG standard's luminance DC table (ITU T.81, K.3): what an encoder writes when it fits no tables of its own.
  const STANDARD_LUMINANCE_DC = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];

  it('is encoded in one pass, with the standard Huffman tables and not tables fitted to the photo', async () => {
    // Grain, so that fitted tables would differ from the standard ones.
    const width = 320;
    const height = 240;
    const pixels = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const fitted = await sharp(png).jpeg({ quality: 90, optimiseCoding: true }).toBuffer();
    expect(huffmanTables(fitted).find((t) => t.tableClass === 0 && t.id === 0)?.counts).not.toEqual(STANDARD_LUMINANCE_DC);

    const photo = await processPhoto(Readable.from([png]));
    const tables = huffmanTables(photo.data);
    expect(tables.length).toBeGreaterThanOrEqual(4); // DC and AC, luminance and chrominance
    expect(tables.find((t) => t.tableClass === 0 && t.id === 0)?.counts).toEqual(STANDARD_LUMINANCE_DC);
  });
});
