import { checkVideoFile } from './check-video-file';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkVideoFile', () => {
  it('accepts MP4, MOV and WebM, by type or (when the browser gives none) by name', () => {
    expect(checkVideoFile(file('story.mp4', 'video/mp4'), 2000)).toBeNull();
    expect(checkVideoFile(file('story.mov', 'video/quicktime'), 2000)).toBeNull();
    expect(checkVideoFile(file('story.webm', 'video/webm'), 2000)).toBeNull();
    expect(checkVideoFile(file('story.MOV', ''), 2000)).toBeNull();
  });

  it('refuses what is plainly not one of those videos', () => {
    expect(checkVideoFile(file('photo.png', 'image/png'), 2000)).toBe('Please upload an MP4, MOV or WebM video.');
    expect(checkVideoFile(file('clip.avi', 'video/x-msvideo'), 2000)).toBe('Please upload an MP4, MOV or WebM video.');
  });

  it('refuses a video over the limit with the limit in words', () => {
    expect(checkVideoFile(file('story.mp4', 'video/mp4', 2 * 1024 ** 3 + 1), 2 * 1024 ** 3)).toBe(
      'The video is too large: the limit is 2 GB.',
    );
    expect(checkVideoFile(file('story.mp4', 'video/mp4', 2 * 1024 ** 3), 2 * 1024 ** 3)).toBeNull();
  });

  it('leaves the size to the server while the limit is unknown', () => {
    expect(checkVideoFile(file('story.mp4', 'video/mp4', 10 * 1024 ** 3), null)).toBeNull();
  });
});
