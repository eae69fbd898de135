/**
 * Finished videos sent from the admin's browser straight to the bucket, so that no instance of
 * the shop holds a gigabyte upload: the shop judges the file by its first bytes before it
 * starts, signs a PUT URL for each part, and once the browser has sent them completes the upload
 * and judges the object the store holds (its size and its first bytes) before a delivery uses it.
 * On local disk, or where the bucket is not open to browsers, videos go through the shop.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { readLimited } from '../media/read-limited';
import type { DirectUploads, Storage, UploadedPart } from '../media/storage';
import type { VideoUploadAccess } from '../media/upload-access-check';
import { type Actor, actorLabel } from '../orders/actor';
import { lockOrder } from '../orders/order-lock';
import type { Order } from '../orders/order.entity';
import { isDelivered, OrderStatus, transitionRefusal } from '../orders/order-status';
import { VideoUpload } from './video-upload.entity';
import { sniffVideo, VIDEO_TYPE_MESSAGE, VideoTooLargeError } from './video-file';

export const DIRECT_UPLOAD_MESSAGES = {
  notOffered: 'This shop receives videos through the delivery itself: send the file with it.',
  closedToBrowsers:
    "The file store's CORS rules do not let the admin portal upload to it, so this shop receives videos through the delivery itself: send the file with it.",
  orderNotFound: 'Order not found.',
  childDataDeleted: "The parent deleted this child's details, so the book can no longer be delivered.",
  empty: 'The video file is empty.',
  headMismatch: 'The first bytes sent do not match the size of the file.',
  notFound: 'This video upload has expired or was cancelled: please upload the video again.',
  incomplete: 'The video did not arrive whole: please upload it again.',
  failed: 'Failed to upload video',
} as const;

/** The bytes the browser sends first, for judging the file before a part goes up (as video-file.ts reads). */
export const HEAD_BYTES = 64;
/** Parts of 8 MiB, more for a file that would need more than S3's 10,000 parts. */
const MIN_PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** How long the part URLs work: a 2 GB video on a 2 Mbit/s line takes under 2.5 hours. */
export const PART_URL_TTL_SECONDS = 6 * 3600;
/** An upload still unfinished this long after it started is abandoned: its URLs have expired. */
export const ABANDONED_AFTER_MS = (PART_URL_TTL_SECONDS + 3600) * 1000;

export interface DirectVideoUploadPlan {
  id: string;
  partSize: number;
  parts: Array<{ partNumber: number; url: string }>;
}

/** What the browser reports after sending every part. */
export interface UploadedVideo {
  uploadId: string;
  parts: UploadedPart[];
}

/** A completed, checked video in the bucket, not yet used by a delivery. */
export interface ReceivedVideo {
  uploadId: string;
  key: string;
  bytes: number;
}

/**
 * The delivery's claim found the upload gone: aborted, swept, or delivered by the same upload
 * sent twice. Whoever removed its row owns its object, so the refused delivery leaves it alone.
 */
export class VideoUploadGoneError extends UserFacingError {
  constructor() {
    super(UserErrorCode.NOT_FOUND, DIRECT_UPLOAD_MESSAGES.notFound, 'uploadedVideo.uploadId');
    this.name = 'VideoUploadGoneError';
  }
}

export function partSizeFor(size: number): number {
  const mib = 1024 * 1024;
  return Math.max(MIN_PART_SIZE, Math.ceil(size / MAX_PARTS / mib) * mib);
}

export class DirectVideoUploads {
  /** The completions at the store under way in this process, by upload (see inTurn). */
  private readonly completing = new Map<string, Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly logger: Logger,
    private readonly options: {
      videoMaxBytes: number;
      /** Whether the bucket's CORS rules keep the admin portal out (upload-access-check.ts). */
      access: Pick<VideoUploadAccess, 'refused' | 'knownRefused'>;
    },
  ) {}

  /** Whether this shop's storage takes videos from the browser. */
  get offered(): boolean {
    return this.storage.directUploads !== undefined;
  }

  /**
   * Whether the last reading of the bucket's CORS rules said they keep the admin portal out (its
   * videos then come through the shop), without reading them again.
   */
  get knownClosedToBrowsers(): boolean {
    return this.options.access.knownRefused();
  }

  /**
   * Starts an upload of a video of `size` bytes whose first bytes are `head`, for an order that
   * can take one (Paid, or delivered and being revised). Refuses a file that is too large or not
   * a video before a byte of it is sent.
   */
  async start(order: Order | null, size: number, head: Buffer, actor: Actor): Promise<Outcome<DirectVideoUploadPlan>> {
    const store = this.storage.directUploads;
    if (!store) return refuse(UserErrorCode.NOT_AVAILABLE, DIRECT_UPLOAD_MESSAGES.notOffered);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, DIRECT_UPLOAD_MESSAGES.orderNotFound, 'orderId');
    const refused = isDelivered(order.status) ? null : transitionRefusal(order.status, OrderStatus.Completed);
    if (refused) return refusalOf(refused);
    if (order.childDataDeletedAt) return refuse(UserErrorCode.WRONG_STATUS, DIRECT_UPLOAD_MESSAGES.childDataDeleted, 'status');
    if (!Number.isSafeInteger(size) || size <= 0)
      return refuse(UserErrorCode.INVALID_INPUT, DIRECT_UPLOAD_MESSAGES.empty, 'size');
    if (size > this.options.videoMaxBytes) return refusalOf(new VideoTooLargeError(this.options.videoMaxBytes));
    if (head.length !== Math.min(HEAD_BYTES, size)) {
      return refuse(UserErrorCode.INVALID_INPUT, DIRECT_UPLOAD_MESSAGES.headMismatch, 'head');
    }
    const type = sniffVideo(head);
    if (!type) return refuse(UserErrorCode.INVALID_INPUT, VIDEO_TYPE_MESSAGE, 'video');
    // The portal's parts would be refused, each after its tries: it sends the video with the delivery instead.
    if (await this.options.access.refused()) return refuse(UserErrorCode.NOT_AVAILABLE, DIRECT_UPLOAD_MESSAGES.closedToBrowsers);

    const key = `videos/${order.id}-${randomUUID().slice(0, 8)}.${type.extension}`;
    const partSize = partSizeFor(size);
    const partCount = Math.ceil(size / partSize);
    let storeUploadId: string | null = null;
    try {
      storeUploadId = await store.start(key, type.contentType);
      const parts = [];
      for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
        parts.push({ partNumber, url: await store.partUrl(key, storeUploadId, partNumber, PART_URL_TTL_SECONDS) });
      }
      const id = randomUUID();
      const started = await this.dataSource.transaction(async (manager) => {
        // Under the lock the deletion of the child's details takes: either it sees this upload
        // (and discards it at once), or this sees the deletion.
        const locked = await lockOrder(manager, order.id);
        if (!locked || locked.childDataDeletedAt) return false;
        await manager.insert(VideoUpload, {
          id,
          orderId: order.id,
          objectKey: key,
          uploadId: storeUploadId!,
          contentType: type.contentType,
          size,
          partSize,
          actor: actorLabel(actor),
        });
        return true;
      });
      if (!started) {
        await this.abortAtStore(key, storeUploadId);
        return refuse(UserErrorCode.WRONG_STATUS, DIRECT_UPLOAD_MESSAGES.childDataDeleted, 'status');
      }
      this.logger.info('video upload started', { orderId: order.id, uploadId: id, key, size, parts: partCount });
      return succeed({ id, partSize, parts });
    } catch (error) {
      this.logger.error('could not start a video upload', { error, orderId: order.id, key });
      if (storeUploadId) await this.abortAtStore(key, storeUploadId);
      return refuse(UserErrorCode.INTERNAL_FAILURE, DIRECT_UPLOAD_MESSAGES.failed, 'video');
    }
  }

  /**
   * Completes the upload from the parts the browser sent and checks what the store now holds:
   * exactly the size declared at the start, and the same kind of video. A refused object is
   * deleted. The upload's row stays until the delivery that uses the video commits (`claim`).
   */
  async finish(orderId: string, uploaded: UploadedVideo): Promise<Outcome<ReceivedVideo>> {
    const store = this.storage.directUploads;
    if (!store) return refuse(UserErrorCode.NOT_AVAILABLE, DIRECT_UPLOAD_MESSAGES.notOffered, 'uploadedVideo');
    const row =
      isUuid(uploaded.uploadId) && isUuid(orderId)
        ? await this.dataSource.getRepository(VideoUpload).findOneBy({ id: uploaded.uploadId, orderId })
        : null;
    if (!row) return refuse(UserErrorCode.NOT_FOUND, DIRECT_UPLOAD_MESSAGES.notFound, 'uploadedVideo.uploadId');
    const parts = [...uploaded.parts].sort((a, b) => a.partNumber - b.partNumber);
    const expected = Math.ceil(row.size / row.partSize);
    const whole =
      parts.length === expected &&
      parts.every((part, index) => part.partNumber === index + 1 && part.etag.length > 0 && part.etag.length <= 200);
    if (!whole) return refuse(UserErrorCode.INVALID_INPUT, DIRECT_UPLOAD_MESSAGES.incomplete, 'uploadedVideo.parts');

    const completed = await this.inTurn(row.id, () => this.completeAtStore(store, row, parts));
    if (!completed) return refuse(UserErrorCode.INVALID_INPUT, DIRECT_UPLOAD_MESSAGES.incomplete, 'uploadedVideo.parts');

    try {
      const size = await this.storage.size(row.objectKey);
      if (size !== row.size) {
        this.logger.warn('a completed video upload is not the size declared', {
          orderId,
          uploadId: row.id,
          size,
          declared: row.size,
        });
        await this.discard(row);
        return refuse(UserErrorCode.INVALID_INPUT, DIRECT_UPLOAD_MESSAGES.incomplete, 'video');
      }
      const type = sniffVideo(await this.head(row.objectKey, size));
      if (type?.contentType !== row.contentType) {
        this.logger.warn('a completed video upload is not the video its first bytes said', { orderId, uploadId: row.id });
        await this.discard(row);
        return refuse(UserErrorCode.INVALID_INPUT, VIDEO_TYPE_MESSAGE, 'video');
      }
      return succeed({ uploadId: row.id, key: row.objectKey, bytes: size });
    } catch (error) {
      this.logger.error('could not check a completed video upload', { error, orderId, uploadId: row.id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DIRECT_UPLOAD_MESSAGES.failed, 'video');
    }
  }

  /** Joins the parts at the store. False when the store refused and holds no object made of them. */
  private async completeAtStore(store: DirectUploads, row: VideoUpload, parts: UploadedPart[]): Promise<boolean> {
    try {
      await store.complete(row.objectKey, row.uploadId, parts);
      return true;
    } catch (error) {
      // Asked again after an answer that was lost, or after the same upload sent twice at once was
      // completed by the other: the store has already made the object.
      if ((await this.storage.size(row.objectKey).catch(() => null)) !== null) return true;
      this.logger.warn('the store refused to complete a video upload', { error, orderId: row.orderId, uploadId: row.id });
      return false;
    }
  }

  /**
   * Runs `work` once every earlier call of this process for the same upload has ended: the same
   * upload sent twice at once (a double click, a retry) is completed at the store one call at a
   * time, and the later call finds the object made, as after an answer that was lost. (A store may
   * fail both of two completions that overlap, or leave the second unanswered.)
   */
  private async inTurn<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
    const earlier = this.completing.get(uploadId) ?? Promise.resolve();
    const mine = earlier.then(work);
    const ended = mine.then(
      () => undefined,
      () => undefined,
    );
    this.completing.set(uploadId, ended);
    try {
      return await mine;
    } finally {
      if (this.completing.get(uploadId) === ended) this.completing.delete(uploadId);
    }
  }

  /**
   * Inside the delivery's transaction: the upload becomes the delivered video. Throws when the
   * upload is gone (aborted, or swept as abandoned while the delivery was on its way), so the
   * delivery does not point at a video that is being deleted.
   */
  async claim(manager: EntityManager, video: ReceivedVideo): Promise<void> {
    const result = await manager.delete(VideoUpload, { id: video.uploadId });
    if (result.affected !== 1) throw new VideoUploadGoneError();
  }

  /** After a refused or failed delivery: the upload's row goes (its object is removed by the delivery). */
  async release(video: ReceivedVideo): Promise<void> {
    await this.dataSource
      .getRepository(VideoUpload)
      .delete({ id: video.uploadId })
      .catch((error: unknown) => this.logger.error('could not remove a video upload', { error, uploadId: video.uploadId }));
  }

  /** The admin cancelled, or the browser gave up: the parts (and any object) go. Unknown ids are fine. */
  async abort(orderId: string, uploadId: string): Promise<Outcome<true>> {
    if (!this.offered) return refuse(UserErrorCode.NOT_AVAILABLE, DIRECT_UPLOAD_MESSAGES.notOffered);
    const row =
      isUuid(uploadId) && isUuid(orderId)
        ? await this.dataSource.getRepository(VideoUpload).findOneBy({ id: uploadId, orderId })
        : null;
    if (!row) return succeed(true);
    try {
      // A row locked now is being delivered or swept: either way it is not this request's to discard.
      const discarded = await this.dataSource.transaction(async (manager) => {
        const locked = await this.lockRow(manager, row.id);
        if (locked) await this.discardLocked(manager, locked);
        return locked !== null;
      });
      if (discarded) this.logger.info('video upload discarded', { orderId, uploadId, startedBy: row.actor });
      return succeed(true);
    } catch (error) {
      this.logger.error('could not cancel a video upload', { error, orderId, uploadId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DIRECT_UPLOAD_MESSAGES.failed);
    }
  }

  /**
   * Uploads nobody finished (older than their URLs) and uploads for orders whose child's details
   * the parent deleted: their parts are aborted, any completed object deleted, the row removed.
   * Each row is locked while it goes, so a delivery claiming it at that moment is refused.
   */
  async sweep(now = new Date()): Promise<number> {
    if (!this.offered) return 0;
    const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT u.id FROM video_uploads u JOIN orders o ON o.id = u.order_id
       WHERE u.created_at < $1 OR o.child_data_deleted_at IS NOT NULL
       ORDER BY u.created_at LIMIT 500`,
      [cutoff],
    );
    let swept = 0;
    for (const { id } of rows) {
      await this.dataSource.transaction(async (manager) => {
        const row = await this.lockRow(manager, id);
        if (!row) return;
        await this.discardLocked(manager, row);
        swept += 1;
      });
    }
    if (swept > 0) this.logger.info('abandoned video uploads removed', { count: swept });
    return swept;
  }

  private async lockRow(manager: EntityManager, id: string): Promise<VideoUpload | null> {
    return manager
      .getRepository(VideoUpload)
      .createQueryBuilder('upload')
      .where('upload.id = :id', { id })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getOne();
  }

  private async discardLocked(manager: EntityManager, row: VideoUpload): Promise<void> {
    await this.abortAtStore(row.objectKey, row.uploadId);
    await this.storage.delete(row.objectKey);
    await manager.delete(VideoUpload, { id: row.id });
  }

  private async discard(row: VideoUpload): Promise<void> {
    await this.storage.delete(row.objectKey);
    await this.dataSource.getRepository(VideoUpload).delete({ id: row.id });
  }

  private async abortAtStore(key: string, uploadId: string): Promise<void> {
    try {
      await this.storage.directUploads?.abort(key, uploadId);
    } catch (error) {
      // Its parts stay (never visible as an object) until the bucket's lifecycle rule removes them.
      this.logger.warn('could not abort a video upload at the store', { error, key });
    }
  }

  /** The object's first bytes, as many as the start judged. */
  private async head(key: string, size: number): Promise<Buffer> {
    const object = await this.storage.get(key, { start: 0, end: Math.min(HEAD_BYTES, size) - 1 });
    return object ? readLimited(object.stream, HEAD_BYTES) : Buffer.alloc(0);
  }
}
