import { checkPhoto, PHOTO_MESSAGES, sniffPhotoType } from './check-photo';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const FIVE_MB = 5 * 1024 * 1024;

const fileOf = (bytes: number[], name: string, type: string, padTo = 64) =>
  new File([new Uint8Array(bytes), new Uint8Array(Math.max(0, padTo - bytes.length))], name, { type });

describe('checkPhoto', () => {
  it('knows JPEG and PNG by their first bytes, whatever the name or declared type', async () => {
    expect(await sniffPhotoType(fileOf(PNG_HEAD, 'photo.jpg', 'image/jpeg'))).toBe('png');
    expect(await sniffPhotoType(fileOf(JPEG_HEAD, 'photo', ''))).toBe('jpeg');
    expect(await checkPhoto(fileOf(PNG_HEAD, 'mia.png', 'image/png'), FIVE_MB)).toBeNull();
  });

  it('refuses a text file dressed up as a PNG', async () => {
    const text = new File(['just some text, not a picture'], 'kid.png', { type: 'image/png' });
    expect(await checkPhoto(text, FIVE_MB)).toBe(PHOTO_MESSAGES.type);
  });

  it('refuses a real PNG over the size limit, and accepts one exactly at it', async () => {
    expect(await checkPhoto(fileOf(PNG_HEAD, 'big.png', 'image/png', FIVE_MB + 1), FIVE_MB)).toBe(PHOTO_MESSAGES.size);
    expect(await checkPhoto(fileOf(PNG_HEAD, 'edge.png', 'image/png', FIVE_MB), FIVE_MB)).toBeNull();
  });

  it('checks the content before the size', async () => {
    expect(await checkPhoto(fileOf([1, 2, 3], 'big.png', 'image/png', FIVE_MB + 1), FIVE_MB)).toBe(PHOTO_MESSAGES.type);
  });

  it('falls back to the declared type when the file cannot be read', async () => {
    const unreadable = (type: string) => {
      const file = fileOf(PNG_HEAD, 'x.png', type);
      file.slice = () => {
        throw new Error('not readable');
      };
      return file;
    };
    expect(await sniffPhotoType(unreadable('image/png'))).toBe('png');
    expect(await sniffPhotoType(unreadable('image/jpeg'))).toBe('jpeg');
    expect(await sniffPhotoType(unreadable('text/plain'))).toBeNull();
  });
});
