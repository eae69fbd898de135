import { Readable } from 'node:stream';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { formatBytes, openVideo, sniffVideo, VIDEO_TYPE_MESSAGE, VideoTooLargeError } from './video-file';

// The first 64 bytes of files ffmpeg made: what real uploads start with.
const hex = (value: string) => Buffer.from(value, 'hex');
const MP4_HEAD = hex(
  '000000206674797069736f6d0000020069736f6d69736f32617663316d70343100000c226d6f6f760000006c6d766864000000000000000000000000000003e8',
);
const MOV_HEAD = hex(
  '00000014667479707174202000000200717420200000000877696465000006df6d646174000002ad0605ffffa9dc45e9bde6d948b7962cd820d923eeef783236',
);
const WEBM_HEAD = hex(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102185380670100000000000b5b114d9b74ba4dbb8b53ab841549a96653',
);
const MKV_HEAD = hex(
  '1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61428781044285810218538067010000000000082a114d9b74c0bf841831c11a4d',
);
const M4A_HEAD = hex(
  '0000001c667479704d344120000002004d34412069736f6d69736f320000000866726565000023256d646174de02004c61766335392e33372e313030000260ac',
);
const HEIC_HEAD = hex('00000018667479706865696300000000' + '6d69663168656963' + '00'.repeat(40));

function streamOf(...chunks: Buffer[]): Readable {
  return Readable.from(chunks, { objectMode: false });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('sniffVideo', () => {
  it('knows MP4, MOV and WebM by their first bytes', () => {
    expect(sniffVideo(MP4_HEAD)?.extension).toBe('mp4');
    expect(sniffVideo(MOV_HEAD)).toEqual({ extension: 'mov', contentType: 'video/quicktime' });
    expect(sniffVideo(WEBM_HEAD)).toEqual({ extension: 'webm', contentType: 'video/webm' });
  });

  it('refuses audio and photos that share the MP4 container', () => {
    expect(sniffVideo(M4A_HEAD)).toBeNull();
    expect(sniffVideo(HEIC_HEAD)).toBeNull();
  });

  it('refuses Matroska that is not WebM, text and empty files', () => {
    expect(sniffVideo(MKV_HEAD)).toBeNull();
    expect(sniffVideo(Buffer.from('this is not a video, whatever its name says'))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
  });
});

describe('openVideo', () => {
  it('passes the whole file through, however the network splits its head', async () => {
    const rest = Buffer.alloc(100_000, 7);
    const bytes = Buffer.concat([MP4_HEAD, rest]);
    const video = await openVideo(streamOf(bytes.subarray(0, 3), bytes.subarray(3, 10), bytes.subarray(10)), 1_000_000);
    expect(video.type.extension).toBe('mp4');
    expect((await readAll(video.body)).equals(bytes)).toBe(true);
    expect(video.bytesRead()).toBe(bytes.length);
  });

  it('refuses a text file named .mp4 before anything is passed on', async () => {
    await expect(openVideo(streamOf(Buffer.from('hello '.repeat(50))), 1_000_000)).rejects.toEqual(
      new UserFacingError(UserErrorCode.INVALID_INPUT, VIDEO_TYPE_MESSAGE, 'video'),
    );
  });

  it('errors the stream once the file passes the cap', async () => {
    const video = await openVideo(streamOf(WEBM_HEAD, Buffer.alloc(600), Buffer.alloc(600)), 1000);
    await expect(readAll(video.body)).rejects.toBeInstanceOf(VideoTooLargeError);
  });

  it('accepts a file of exactly the cap', async () => {
    const video = await openVideo(streamOf(WEBM_HEAD, Buffer.alloc(1000 - WEBM_HEAD.length)), 1000);
    expect((await readAll(video.body)).length).toBe(1000);
  });

  it('stops reading the upload when whoever stores it gives up', async () => {
    const source = new Readable({ read() {} });
    source.push(MP4_HEAD);
    const video = await openVideo(source, 1_000_000);
    video.body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe('formatBytes', () => {
  it('says sizes the way the limits are set', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(formatBytes(65536)).toBe('64 KB');
    expect(new VideoTooLargeError(2 * 1024 ** 3).message).toBe('The video is too large: the limit is 2 GB.');
  });
});
