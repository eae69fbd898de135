import {
  forgetUnfinishedUpload,
  keepUnfinishedUpload,
  recordSentPart,
  RESUME_WITHIN_MS,
  unfinishedUploadOf,
} from './unfinished-uploads';

const video = (name = 'story.mp4', size = 30, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });
const plan = {
  id: 'upload-1',
  partSize: 10,
  parts: [1, 2, 3].map((partNumber) => ({ partNumber, url: `https://bucket.example/v.mp4?partNumber=${partNumber}` })),
};
const STARTED = 1_800_000_000_000;

beforeEach(() => sessionStorage.clear());

describe("an unfinished upload, kept in the tab's session", () => {
  it('is found again for the same file and order, with the parts the store has taken', () => {
    const kept = keepUnfinishedUpload('order-1', video(), plan, STARTED);
    recordSentPart(kept, { partNumber: 2, etag: '"b"' });
    recordSentPart(kept, { partNumber: 1, etag: '"a"' });
    // After a reload: only what sessionStorage holds.
    const found = unfinishedUploadOf('order-1', video(), STARTED + 60_000);
    expect(found).toMatchObject({ orderId: 'order-1', plan, startedAt: STARTED });
    expect(found?.sent).toEqual([
      { partNumber: 2, etag: '"b"' },
      { partNumber: 1, etag: '"a"' },
    ]);
  });

  it.each([
    ['another file name', video('other.mp4')],
    ['another size', video('story.mp4', 31)],
    ['another modification time', video('story.mp4', 30, 1_700_000_000_001)],
  ])('is not picked up for %s, and is forgotten', (_, other) => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    expect(unfinishedUploadOf('order-1', other, STARTED + 1000)).toBeNull();
    expect(unfinishedUploadOf('order-1', video(), STARTED + 1000)).toBeNull();
  });

  it('belongs to its order only', () => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    expect(unfinishedUploadOf('order-2', video(), STARTED + 1000)).toBeNull();
    expect(unfinishedUploadOf('order-1', video(), STARTED + 1000)).not.toBeNull();
  });

  it('is not picked up once its part URLs are close to expiring', () => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    expect(unfinishedUploadOf('order-1', video(), STARTED + RESUME_WITHIN_MS - 1)).not.toBeNull();
    expect(unfinishedUploadOf('order-1', video(), STARTED + RESUME_WITHIN_MS)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('is gone once forgotten', () => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    forgetUnfinishedUpload('order-1');
    expect(unfinishedUploadOf('order-1', video(), STARTED + 1000)).toBeNull();
  });

  it('is ignored, and forgotten, when what the session holds is not one', () => {
    sessionStorage.setItem('storybook.videoUpload.order-1', '{not json');
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toBeNull();
    sessionStorage.setItem('storybook.videoUpload.order-1', JSON.stringify({ orderId: 'order-1' }));
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toBeNull();
    expect(sessionStorage.getItem('storybook.videoUpload.order-1')).toBeNull();
  });

  it('lets the upload go on when the session cannot keep it', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const kept = keepUnfinishedUpload('order-1', video(), plan, STARTED);
      expect(() => recordSentPart(kept, { partNumber: 1, etag: '"a"' })).not.toThrow();
      expect(kept.sent).toEqual([{ partNumber: 1, etag: '"a"' }]);
    } finally {
      setItem.mockRestore();
    }
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toBeNull();
  });
});
