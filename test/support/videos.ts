/** Video files for the delivery tests: a real MP4 (made by ffmpeg), and look-alikes built from heads. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REAL_MP4 = readFileSync(path.join(__dirname, '..', 'e2e', 'fixtures', 'story.mp4'));

/** The first bytes of an ffmpeg WebM, then filler: judged a WebM by its bytes. */
export const WEBM_HEAD = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102185380670100000000000b5b114d9b74ba4dbb8b53ab841549a96653',
  'hex',
);

/** A real MP4's head followed by `size` bytes in all: big enough to pass the photo cap. */
export function mp4OfSize(size: number): Buffer {
  const file = Buffer.alloc(size, 0);
  REAL_MP4.copy(file, 0, 0, Math.min(64, size));
  return file;
}
