/** Real images made with sharp for upload tests. */
import sharp from 'sharp';

export function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 90 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera make and GPS position, as a phone photo would. */
export function makeJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 90, g: 140, b: 220 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1', Copyright: 'Family' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}
