import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { REAL_MP4 } from '../../../test/support/videos';
import { createLogger } from '../common/logger';
import { UserErrorCode } from '../common/user-error';
import type { DirectUploads, Storage, UploadedPart } from '../media/storage';
import { adminActor } from '../orders/actor';
import type { Order } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';
import { DIRECT_UPLOAD_MESSAGES, DirectVideoUploads } from './direct-video-uploads';
import type { VideoUpload } from './video-upload.entity';

const SIZE = 30_000;
const ROW = {
  id: '0b9f4c1e-3c39-4f0e-9a7e-2f6f4f7f0c11',
  orderId: '5d0a4f8e-8a3b-4a52-bf7b-0d3c2b7f6e21',
  objectKey: 'videos/story.mp4',
  uploadId: 'store-upload-1',
  contentType: 'video/mp4',
  size: SIZE,
  partSize: 8 * 1024 * 1024,
} as VideoUpload;
const PARTS: UploadedPart[] = [{ partNumber: 1, etag: '"etag-1"' }];

/**
 * A store like S3 completing one upload: the first completion makes the object and forgets the
 * upload; any later one is refused (NoSuchUpload). Two that overlap both fail, as when a store
 * reads parts the other has just removed.
 */
function storeOfOneUpload() {
  let object: Buffer | null = null;
  let known = true;
  let running = 0;
  let overlapped = false;
  const directUploads = {
    async complete() {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      if (overlapped) throw new Error('ENOENT: a part went while it was read');
      if (!known) throw Object.assign(new Error('The specified upload does not exist.'), { name: 'NoSuchUpload' });
      known = false;
      object = Buffer.concat([REAL_MP4.subarray(0, 64), Buffer.alloc(SIZE - 64)]);
    },
  } as unknown as DirectUploads;
  const storage = {
    directUploads,
    size: async () => object?.length ?? null,
    get: async () => (object ? { stream: Readable.from([object.subarray(0, 64)]), size: object.length } : null),
  } as unknown as Storage;
  return { storage, overlapped: () => overlapped };
}

const dataSourceWith = (row: VideoUpload) => ({ getRepository: () => ({ findOneBy: async () => row }) }) as unknown as DataSource;

describe('finishing a video sent straight to the store', () => {
  it('completes the same upload sent twice at once one call at a time, and both find the video', async () => {
    const store = storeOfOneUpload();
    const uploads = new DirectVideoUploads(dataSourceWith(ROW), store.storage, createLogger('silent'), {
      videoMaxBytes: 10 * 1024 * 1024,
      access: { refused: async () => false, knownRefused: () => false },
    });
    const sent = { uploadId: ROW.id, parts: PARTS };
    const answers = await Promise.all([uploads.finish(ROW.orderId, sent), uploads.finish(ROW.orderId, sent)]);
    expect(store.overlapped()).toBe(false);
    // Both calls find the video; the delivery's claim of the upload's row lets one of them deliver it.
    for (const answer of answers)
      expect(answer).toEqual({ ok: true, value: { uploadId: ROW.id, key: ROW.objectKey, bytes: SIZE } });
  });
});

describe('starting a video sent straight to the store', () => {
  it("refuses, starting nothing at the store, when the bucket's rules keep the admin portal out", async () => {
    const started: string[] = [];
    const storage = {
      directUploads: { start: async (key: string) => started.push(key) && 'store-upload' },
    } as unknown as Storage;
    const paid = { id: ROW.orderId, status: OrderStatus.Paid, childDataDeletedAt: null } as Order;
    const head = REAL_MP4.subarray(0, 64);
    const uploads = new DirectVideoUploads({} as DataSource, storage, createLogger('silent'), {
      videoMaxBytes: 10 * 1024 * 1024,
      access: { refused: async () => true, knownRefused: () => true },
    });

    const answer = await uploads.start(paid, SIZE, head, adminActor({ email: 'studio@example.com' }));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: UserErrorCode.NOT_AVAILABLE, message: DIRECT_UPLOAD_MESSAGES.closedToBrowsers },
    });
    expect(started).toEqual([]);
    // A file the shop would refuse anyway is refused for what it is.
    const notAVideo = await uploads.start(paid, SIZE, Buffer.alloc(64), adminActor({ email: 'studio@example.com' }));
    expect(notAVideo).toMatchObject({ ok: false, error: { code: UserErrorCode.INVALID_INPUT } });
  });
});
