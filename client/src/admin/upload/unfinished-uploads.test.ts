import {
  forgetEveryUnfinishedUpload,
  forgetUnfinishedUpload,
  keepUnfinishedUpload,
  recordSentPart,
  RESUME_WITHIN_MS,
  unfinishedUploadKey,
  unfinishedUploadOf,
  withUploadLock,
} from './unfinished-uploads';

const video = (name = 'story.mp4', size = 30, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });
const plan = {
  id: 'upload-1',
  partSize: 10,
  parts: [1, 2, 3].map((partNumber) => ({ partNumber, url: `https://bucket.example/v.mp4?partNumber=${partNumber}` })),
};
const STARTED = 1_800_000_000_000;

beforeEach(() => localStorage.clear());

describe('an unfinished upload, kept in this browser', () => {
  it('is found again for the same file and order, with the parts the store has taken', () => {
    const kept = keepUnfinishedUpload('order-1', video(), plan, STARTED);
    recordSentPart(kept, { partNumber: 2, etag: '"b"' });
    recordSentPart(kept, { partNumber: 1, etag: '"a"' });
    // After a reload, or in another tab after this one was closed: only what localStorage holds.
    const found = unfinishedUploadOf('order-1', video(), STARTED + 60_000);
    expect(found).toMatchObject({ orderId: 'order-1', plan, startedAt: STARTED });
    expect(found?.sent).toEqual([
      { partNumber: 2, etag: '"b"' },
      { partNumber: 1, etag: '"a"' },
    ]);
  });

  it('keeps nothing of the file but its size and modification time: a renamed copy is the same file', () => {
    keepUnfinishedUpload('order-1', video('mia-final-cut.mp4'), plan, STARTED);
    expect(localStorage.getItem('storybook.videoUpload.order-1')).not.toContain('mia');
    expect(unfinishedUploadOf('order-1', video('renamed.mp4'), STARTED + 1000)).toMatchObject({
      file: { size: 30, lastModified: 1_700_000_000_000 },
    });
  });

  it.each([
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
    expect(localStorage.length).toBe(0);
  });

  it('is gone once forgotten', () => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    forgetUnfinishedUpload('order-1');
    expect(unfinishedUploadOf('order-1', video(), STARTED + 1000)).toBeNull();
  });

  it('is ignored, and forgotten, when what the browser holds is not one', () => {
    localStorage.setItem('storybook.videoUpload.order-1', '{not json');
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toBeNull();
    localStorage.setItem('storybook.videoUpload.order-1', JSON.stringify({ orderId: 'order-1' }));
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toBeNull();
    expect(localStorage.getItem('storybook.videoUpload.order-1')).toBeNull();
  });

  it("drops other orders' uploads past their time whenever one is kept or looked for, and leaves the rest", () => {
    keepUnfinishedUpload('order-old', video(), plan, STARTED);
    keepUnfinishedUpload('order-recent', video(), plan, STARTED + 2 * 3600 * 1000);
    localStorage.setItem('storybook.videoUpload.order-garbled', '{not json');
    localStorage.setItem('another.setting', 'kept');
    const later = STARTED + RESUME_WITHIN_MS + 1;
    keepUnfinishedUpload('order-new', video(), plan, later);
    expect(Object.keys(localStorage).sort()).toEqual([
      'another.setting',
      'storybook.videoUpload.order-new',
      'storybook.videoUpload.order-recent',
    ]);
    expect(unfinishedUploadOf('order-x', video(), STARTED + 2 * 3600 * 1000 + RESUME_WITHIN_MS)).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(['another.setting', 'storybook.videoUpload.order-new']);
  });

  it('is not kept again by a part sent after it was forgotten (at Logout, or by another tab)', () => {
    const kept = keepUnfinishedUpload('order-1', video(), plan, STARTED);
    forgetEveryUnfinishedUpload();
    recordSentPart(kept, { partNumber: 1, etag: '"a"' });
    expect(localStorage.length).toBe(0);
    // Another tab's upload of the same order in its place is left as it is.
    keepUnfinishedUpload('order-1', video(), { ...plan, id: 'upload-2' }, STARTED);
    recordSentPart(kept, { partNumber: 2, etag: '"b"' });
    expect(unfinishedUploadOf('order-1', video(), STARTED)).toMatchObject({ plan: { id: 'upload-2' }, sent: [] });
  });

  it('are all forgotten at sign-out, and nothing else is', () => {
    keepUnfinishedUpload('order-1', video(), plan, STARTED);
    keepUnfinishedUpload('order-2', video(), plan, STARTED);
    localStorage.setItem('another.setting', 'kept');
    forgetEveryUnfinishedUpload();
    expect(Object.keys(localStorage)).toEqual(['another.setting']);
  });

  it('lets the upload go on when the browser cannot keep it', () => {
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

  it("makes room in a full storage by dropping other orders' unfinished uploads, oldest first, as few as it takes", () => {
    localStorage.setItem('another.setting', 'kept');
    keepUnfinishedUpload('order-0', video(), plan, STARTED);
    const used = () => Object.keys(localStorage).reduce((sum, key) => sum + key.length + localStorage.getItem(key)!.length, 0);
    // The origin's quota (a few unfinished uploads of 2 GB videos, with their part URLs, fill it):
    // room for two uploads with a part or two sent, not three.
    const QUOTA = used() + localStorage.getItem(unfinishedUploadKey('order-0'))!.length + 100;
    localStorage.clear();
    const realSetItem = Storage.prototype.setItem;
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (used() - (localStorage.getItem(key)?.length ?? 0) + value.length > QUOTA) {
        throw new DOMException('full', 'QuotaExceededError');
      }
      realSetItem.call(this, key, value);
    });
    try {
      localStorage.setItem('another.setting', 'kept');
      keepUnfinishedUpload('order-1', video(), plan, STARTED);
      keepUnfinishedUpload('order-2', video(), plan, STARTED + 1000);
      const third = keepUnfinishedUpload('order-3', video(), plan, STARTED + 2000);
      recordSentPart(third, { partNumber: 1, etag: '"a"' });

      const now = STARTED + 3000;
      expect(unfinishedUploadOf('order-3', video(), now)?.sent).toEqual([{ partNumber: 1, etag: '"a"' }]);
      expect(unfinishedUploadOf('order-1', video(), now)).toBeNull();
      expect(unfinishedUploadOf('order-2', video(), now)).not.toBeNull();
      expect(localStorage.getItem('another.setting')).toBe('kept');
    } finally {
      setItem.mockRestore();
    }
  });
});

describe("a delivery holds this browser's lock on its order's upload", () => {
  /** A Web Locks API whose lock on each name is free, or held by another tab. */
  function fakeLocks(heldElsewhere: boolean) {
    const asked: Array<{ name: string; options: LockOptions }> = [];
    const locks = {
      request: (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) => {
        asked.push({ name, options });
        return Promise.resolve(callback(heldElsewhere ? null : ({ name, mode: 'exclusive' } as Lock)));
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    return asked;
  }
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('runs the delivery holding the lock named for the order, never waiting for it', async () => {
    const asked = fakeLocks(false);
    await expect(withUploadLock('order-1', async (held) => held)).resolves.toBe(true);
    expect(asked).toEqual([{ name: unfinishedUploadKey('order-1'), options: { ifAvailable: true } }]);
  });

  it('says so while another tab holds it', async () => {
    fakeLocks(true);
    await expect(withUploadLock('order-1', async (held) => held)).resolves.toBe(false);
  });

  it('runs as if held where the browser has no Web Locks API', async () => {
    expect('locks' in navigator).toBe(false);
    await expect(withUploadLock('order-1', async (held) => held)).resolves.toBe(true);
  });
});
