import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { imageSize, sniffImageType } from './image-header';

describe('sniffImageType', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('imageSize', () => {
  const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c86' } });

  it('reads the size a PNG declares, as libvips reads it', async () => {
    const png = await picture(737, 211).png().toBuffer();
    expect(imageSize(png, 'png')).toEqual({ width: 737, height: 211 });
    const { width, height } = await sharp(png).metadata();
    expect({ width, height }).toEqual({ width: 737, height: 211 });
  });

  it('reads the size of a baseline or progressive JPEG past its EXIF, comments and tables', async () => {
    const baseline = await picture(1203, 805)
      .withMetadata({ orientation: 6 }) // an EXIF APP1 segment before the frame header; the pixels stay as stored
      .jpeg()
      .toBuffer();
    expect(imageSize(baseline, 'jpeg')).toEqual({ width: 1203, height: 805 });
    const progressive = await picture(64, 4000).jpeg({ progressive: true }).toBuffer();
    expect(imageSize(progressive, 'jpeg')).toEqual({ width: 64, height: 4000 });
    // Fill bytes before a marker are allowed (ITU T.81, B.1.1.2).
    const filled = Buffer.concat([baseline.subarray(0, 2), Buffer.from([0xff, 0xff]), baseline.subarray(2)]);
    expect(imageSize(filled, 'jpeg')).toEqual({ width: 1203, height: 805 });
  });

  it('answers null, leaving the size to libvips, for a header it does not read', async () => {
    const jpeg = await picture(100, 80).jpeg().toBuffer();
    const png = await picture(100, 80).png().toBuffer();
    const frameAt = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    expect(frameAt).toBeGreaterThan(0);
    expect(imageSize(jpeg.subarray(0, frameAt + 6), 'jpeg')).toBeNull(); // cut inside the frame header
    expect(imageSize(jpeg.subarray(0, 40), 'jpeg')).toBeNull(); // cut before it
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpeg')).toBeNull(); // a scan before any frame
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00]), 'jpeg')).toBeNull(); // not a marker
    const noHeight = Buffer.from(jpeg);
    noHeight.writeUInt16BE(0, frameAt + 5); // the height left to a DNL marker
    expect(imageSize(noHeight, 'jpeg')).toBeNull();
    expect(imageSize(png.subarray(0, 20), 'png')).toBeNull();
    const notIhdr = Buffer.from(png);
    notIhdr.write('IDAT', 12, 'latin1');
    expect(imageSize(notIhdr, 'png')).toBeNull();
  });

  it('answers null for a header the decoder would refuse, whatever size it claims', async () => {
    const png = await picture(100, 80).png().toBuffer();
    // The signature and the chunk's start, then bytes that only look like a size: the CRC fails.
    expect(imageSize(Buffer.concat([png.subarray(0, 16), Buffer.alloc(4000, 9)]), 'png')).toBeNull();
    // A bit depth colour type 2 does not allow, with its CRC made right.
    const badDepth = Buffer.from(png);
    badDepth[24] = 4;
    badDepth.writeUInt32BE(crc32(badDepth.subarray(12, 29)), 29);
    expect(imageSize(badDepth, 'png')).toBeNull();
    const fixed = Buffer.from(badDepth);
    fixed[24] = 8;
    fixed.writeUInt32BE(crc32(fixed.subarray(12, 29)), 29);
    expect(imageSize(fixed, 'png')).toEqual({ width: 100, height: 80 }); // the same header, allowed values

    const jpeg = await picture(100, 80).jpeg().toBuffer();
    const frameAt = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    const badLength = Buffer.from(jpeg);
    badLength[frameAt + 9] = 2; // two components in a frame header sized for three
    expect(imageSize(badLength, 'jpeg')).toBeNull();
    const badPrecision = Buffer.from(jpeg);
    badPrecision[frameAt + 4] = 7;
    expect(imageSize(badPrecision, 'jpeg')).toBeNull();
  });
});
