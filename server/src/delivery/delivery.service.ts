/**
 * Delivery of the finished book: an admin uploads the video (and the storybook PDF) for a Paid
 * order; the files are streamed to storage, then one transaction marks the order Completed,
 * records the delivered version and the event and queues the delivery e-mail with a link to the
 * parent's order page (opened without an account). Also revisions (a new version of a delivered
 * book), the resend, and what an older delivery link (`/video/{token}`) still shows.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, MoreThan } from 'typeorm';
import type { Logger } from '../common/logger';
import { sha256Hex } from '../common/tokens';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { VIDEO_DELIVERY_TEMPLATE, type VideoDeliveryLink, videoDeliveryOutboxEmail } from '../mail/templates/video-delivery';
import { mediaContentType } from '../media/content-type';
import { bookFileName, downloadUrl } from '../media/download-name';
import { lessonLabel } from '../catalogue/catalogue';
import type { MediaSigner } from '../media/signed-url';
import type { Storage } from '../media/storage';
import type { Metrics } from '../observability/metrics';
import type { OrderLinks } from '../orders/order-access';
import { Order } from '../orders/order.entity';
import { isDelivered, OrderStatus, transitionRefusal } from '../orders/order-status';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderService } from '../checkout/order.service';
import type { VideoDelivery } from './delivery.types';
import { OrderDelivery } from './order-delivery.entity';
import { openPdf, PDF_FIELD, PdfTooLargeError } from './pdf-file';
import { openVideo, VideoTooLargeError } from './video-file';
import { VideoLink } from './video-link.entity';
import { type Actor, actorLabel } from '../orders/actor';
import { lockOrder } from '../orders/order-lock';
import type { IncomingFile } from '../media/incoming-file';
import {
  type DirectVideoUploadPlan,
  type DirectVideoUploads,
  type ReceivedVideo,
  type UploadedVideo,
  VideoUploadGoneError,
} from './direct-video-uploads';

export const DELIVERY_MESSAGES = {
  orderNotFound: 'Order not found.',
  uploadFailed: 'Failed to upload video',
  updateFailed: 'Failed to update order status',
  notCompleted: 'Only a Completed order has a video to send.',
  pdfRequired: 'A digital order needs its storybook PDF: please add the PDF file.',
  pdfUploadFailed: 'Failed to upload the PDF',
  revisionNeedsFile: 'Please choose a new video or PDF for the revision.',
  notDelivered: 'Only a delivered order can be revised.',
  revisionFailed: 'Failed to save the revision',
  childDataDeleted: "The parent deleted this child's details, so the book can no longer be delivered.",
  videoRequired: 'Please choose a video file.',
  videoTwice: 'Send the video once: as a file, or as an upload straight to storage, not both.',
} as const;

export interface DeliveryOptions {
  publicUrl: string;
  /** The order's e-mailed link. */
  links: OrderLinks;
  videoMaxBytes: number;
  pdfMaxBytes: number;
  /** How long the watch and download URLs on the parent's page stay valid. */
  mediaTtlSeconds: number;
  /** Where the bytes of uploaded videos and PDFs are counted. */
  metrics: Pick<Metrics, 'uploadReceived'>;
}

/**
 * The files of one delivery, as sent: either may be missing from a revision. The video comes
 * through the shop (`video`) or has already gone straight to the bucket (`uploadedVideo`).
 */
export interface BookUploads {
  video?: Promise<IncomingFile> | null;
  uploadedVideo?: UploadedVideo | null;
  pdf?: Promise<IncomingFile> | null;
}

/** What was stored, under names of its own. */
interface StoredBook {
  videoKey: string | null;
  pdfKey: string | null;
  videoBytes: number | null;
  pdfBytes: number | null;
  /** The upload the video came from, when it went straight to the bucket: claimed by the delivery's transaction. */
  directVideo: ReceivedVideo | null;
}

export class DeliveryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly orders: OrderService,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly signer: MediaSigner,
    private readonly logger: Logger,
    private readonly options: DeliveryOptions,
    private readonly directUploads: DirectVideoUploads,
  ) {}

  /**
   * Delivers the finished book of a Paid order: the video, and the storybook PDF (required for a
   * digital order, optional for a printed one). The files are stored first, then one transaction
   * marks the order Completed, records version 1 and queues the delivery e-mail; any failure
   * removes every stored file.
   */
  async completeOrderWithVideo(orderId: string, uploads: BookUploads, actor: Actor): Promise<Outcome<Order>> {
    const { pdf = null } = uploads;
    // Refuse a wrong order before storing a byte of what may be a 2 GB file. (graphql-upload still
    // receives the whole request into a temporary file first: the dashboard offers uploads for Paid orders only.)
    const order = await this.orders.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    const refused = transitionRefusal(order.status, OrderStatus.Completed);
    if (refused) return refusalOf(refused);
    if (order.childDataDeletedAt) return refuse(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.childDataDeleted, 'status');
    if (!uploads.video && !uploads.uploadedVideo) {
      return refuse(UserErrorCode.INVALID_INPUT, DELIVERY_MESSAGES.videoRequired, 'video');
    }
    if (order.bookFormat === 'digital' && !pdf) {
      return refuse(UserErrorCode.INVALID_INPUT, DELIVERY_MESSAGES.pdfRequired, PDF_FIELD);
    }

    const stored = await this.storeBook(order.id, uploads);
    if (!stored.ok) return stored;
    const { videoKey, pdfKey } = stored.value;

    try {
      const completed = await this.dataSource.transaction(async (manager) => {
        // Checked again under the row lock the deletion also takes: a deletion that committed
        // while the files were uploading refuses the delivery, and the files are taken back out.
        await this.lockKeptOrder(manager, order.id);
        if (stored.value.directVideo) await this.directUploads.claim(manager, stored.value.directVideo);
        const moved = await this.lifecycle.transition(manager, order.id, {
          to: OrderStatus.Completed,
          actor,
          patch: { videoKey, pdfKey },
          data: { videoKey, pdfKey, bytes: stored.value.videoBytes, pdfBytes: stored.value.pdfBytes },
          email: async (completed, tx) =>
            videoDeliveryOutboxEmail(completed, await this.deliveryLink(tx, completed.id), this.options),
        });
        await this.recordVersion(manager, order.id, 1, { videoKey: videoKey!, pdfKey }, actor);
        return moved;
      });
      this.logger.info('order completed', { orderId: order.id, videoKey, pdfKey, actor: actorLabel(actor) });
      return succeed(completed);
    } catch (error) {
      await this.removeUnlessDelivered(order.id, stored.value, error);
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('order completion failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.updateFailed);
    }
  }

  /**
   * A new version of a delivered (Completed or Shipped) order's book: a new video, a new PDF, or
   * both; what is not replaced carries over, so a digital order never loses its PDF. Records the
   * version and a `delivery_revised` event and e-mails the parent the order's link; the status stays.
   * The replaced files stay in storage until retention removes them.
   */
  async reviseDelivery(orderId: string, uploads: BookUploads, actor: Actor): Promise<Outcome<Order>> {
    const order = await this.orders.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    if (!isDelivered(order.status) || !order.videoKey) {
      return refuse(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.notDelivered, 'status');
    }
    if (order.childDataDeletedAt) return refuse(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.childDataDeleted, 'status');
    if (!uploads.video && !uploads.uploadedVideo && !uploads.pdf) {
      return refuse(UserErrorCode.INVALID_INPUT, DELIVERY_MESSAGES.revisionNeedsFile, 'video');
    }

    const stored = await this.storeBook(order.id, uploads);
    if (!stored.ok) return stored;

    try {
      const revised = await this.dataSource.transaction(async (manager) => {
        // The row lock keeps two revisions of one order from taking the same version number.
        const current = await this.lockKeptOrder(manager, order.id);
        if (!isDelivered(current.status) || !current.videoKey) {
          throw new UserFacingError(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.notDelivered, 'status');
        }
        if (stored.value.directVideo) await this.directUploads.claim(manager, stored.value.directVideo);
        const videoKey = stored.value.videoKey ?? current.videoKey;
        const pdfKey = stored.value.pdfKey ?? current.pdfKey;
        const { latest } = (await manager
          .createQueryBuilder(OrderDelivery, 'delivery')
          .select('MAX(delivery.version)', 'latest')
          .where('delivery.order_id = :orderId', { orderId: order.id })
          .getRawOne<{ latest: number | string | null }>()) ?? { latest: null };
        const version = Number(latest ?? 0) + 1;
        const now = new Date();
        await manager.update(Order, { id: order.id }, { videoKey, pdfKey, updatedAt: now });
        await this.recordVersion(manager, order.id, version, { videoKey, pdfKey }, actor);
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: 'delivery_revised',
          fromStatus: null,
          toStatus: null,
          actor,
          data: {
            version,
            videoKey,
            pdfKey,
            replacedVideo: Boolean(stored.value.videoKey),
            replacedPdf: Boolean(stored.value.pdfKey),
          },
        });
        const updated: Order = Object.assign(new Order(), current, { videoKey, pdfKey, updatedAt: now });
        // A gift's e-mail still waiting for its day opens the new version too: one e-mail on the day, not two.
        if (!(await this.giftEmailWaiting(manager, order.id))) {
          const link = await this.deliveryLink(manager, updated.id);
          await this.outbox.enqueue(manager, videoDeliveryOutboxEmail(updated, link, this.options, 'revised'));
        }
        return { updated, version };
      });
      this.logger.info('delivery revised', { orderId: order.id, version: revised.version, actor: actorLabel(actor) });
      return succeed(revised.updated);
    } catch (error) {
      await this.removeUnlessDelivered(order.id, stored.value, error);
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('delivery revision failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.revisionFailed);
    }
  }

  /**
   * Streams the given files to storage, each judged by its bytes and capped, under random names
   * (two admins racing on one order never overwrite each other's file). All or nothing: when one
   * fails, the ones already stored are removed.
   */
  private async storeBook(orderId: string, uploads: BookUploads): Promise<Outcome<StoredBook>> {
    const book: StoredBook = { videoKey: null, pdfKey: null, videoBytes: null, pdfBytes: null, directVideo: null };
    if (uploads.video && uploads.uploadedVideo) return refuse(UserErrorCode.INVALID_INPUT, DELIVERY_MESSAGES.videoTwice, 'video');
    if (uploads.uploadedVideo) {
      // Already in the bucket: completed and judged there, before the PDF comes through the shop.
      const received = await this.directUploads.finish(orderId, uploads.uploadedVideo);
      if (!received.ok) return received;
      book.directVideo = received.value;
      book.videoKey = received.value.key;
      book.videoBytes = received.value.bytes;
    }
    let field: 'video' | typeof PDF_FIELD = 'video';
    try {
      if (uploads.video) {
        if (this.directUploads.offered && !this.directUploads.knownClosedToBrowsers) {
          // The admin portal sends it this way only when the bucket gave its page no answer it may read
          // (where the shop knows the bucket's rules keep the portal out, it has said so already).
          this.logger.warn(
            "video sent through the shop: the admin's browser could not reach the bucket (its CORS rule, or the browser's network)",
            {
              orderId,
            },
          );
        }
        const file = await uploads.video;
        const video = await openVideo(file.createReadStream(), this.options.videoMaxBytes);
        const key = `videos/${orderId}-${randomUUID().slice(0, 8)}.${video.type.extension}`;
        try {
          await this.storage.put(key, video.body, video.type.contentType);
        } finally {
          this.options.metrics.uploadReceived('video', video.bytesRead());
        }
        book.videoKey = key;
        book.videoBytes = video.bytesRead();
      }
      if (uploads.pdf) {
        field = PDF_FIELD;
        const file = await uploads.pdf;
        const pdf = await openPdf(file.createReadStream(), this.options.pdfMaxBytes);
        const key = `books/${orderId}-${randomUUID().slice(0, 8)}.pdf`;
        try {
          await this.storage.put(key, pdf.body, 'application/pdf');
        } finally {
          this.options.metrics.uploadReceived('pdf', pdf.bytesRead());
        }
        book.pdfKey = key;
        book.pdfBytes = pdf.bytesRead();
      }
      return succeed(book);
    } catch (error) {
      await this.removeFiles([book.videoKey, book.pdfKey]);
      if (book.directVideo) await this.directUploads.release(book.directVideo);
      if (error instanceof UserFacingError) return refusalOf(error);
      // graphql-upload cuts a file off one byte past the request's cap (the video's) itself, with a 413.
      if ((error as { status?: number }).status === 413) {
        return refusalOf(
          field === 'video'
            ? new VideoTooLargeError(this.options.videoMaxBytes)
            : new PdfTooLargeError(Math.min(this.options.pdfMaxBytes, this.options.videoMaxBytes)),
        );
      }
      this.logger.error('delivery upload failed', { error, orderId, field });
      return field === 'video'
        ? refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.uploadFailed, 'video')
        : refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.pdfUploadFailed, PDF_FIELD);
    }
  }

  /** The order's e-mailed link, named for this one e-mail. */
  private async deliveryLink(manager: EntityManager, orderId: string): Promise<VideoDeliveryLink> {
    const { url } = await this.options.links.emailLink(manager, orderId);
    return { id: randomUUID(), url };
  }

  /** Whether the order's delivery e-mail is queued, unsent, waiting for a gift's day still to come. */
  private async giftEmailWaiting(manager: EntityManager, orderId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM "outbox_emails"
       WHERE "order_id" = $1 AND "template" = $2 AND "status" = 'pending' AND "attempts" = 0 AND "not_before" > now()
       LIMIT 1`,
      [orderId, VIDEO_DELIVERY_TEMPLATE],
    );
    return rows.length > 0;
  }

  /** Locks the order's row and refuses one whose child's details the parent deleted meanwhile. */
  private async lockKeptOrder(manager: EntityManager, orderId: string): Promise<Order> {
    const order = await lockOrder(manager, orderId);
    if (!order) throw new UserFacingError(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    if (order.childDataDeletedAt) {
      throw new UserFacingError(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.childDataDeleted, 'status');
    }
    return order;
  }

  private async recordVersion(
    manager: EntityManager,
    orderId: string,
    version: number,
    files: { videoKey: string; pdfKey: string | null },
    actor: Actor,
  ): Promise<void> {
    await manager.insert(OrderDelivery, { id: randomUUID(), orderId, version, ...files, actor: actorLabel(actor) });
  }

  /**
   * After a failed or refused delivery, takes its files back out so nothing changes; but a commit
   * whose answer was lost may have gone through, and then the files are the delivered book. A video
   * sent straight to the bucket whose upload was gone when the delivery claimed it (aborted,
   * swept, or delivered by the same upload sent twice) belongs to whoever removed it: left alone.
   */
  private async removeUnlessDelivered(orderId: string, book: StoredBook, error: unknown): Promise<void> {
    const current = error instanceof UserFacingError ? null : await this.orders.findOrder(orderId).catch(() => null);
    const inUse = (key: string | null, currentKey: string | null | undefined) => key === null || key === currentKey;
    const delivered = current !== null && inUse(book.videoKey, current.videoKey) && inUse(book.pdfKey, current.pdfKey);
    if (delivered) return;
    if (error instanceof VideoUploadGoneError) {
      await this.removeFiles([book.pdfKey]);
      return;
    }
    await this.removeFiles([book.videoKey, book.pdfKey]);
    if (book.directVideo) await this.directUploads.release(book.directVideo);
  }

  private async removeFiles(keys: Array<string | null>): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      await this.storage
        .delete(key)
        .catch((cleanupError: unknown) => this.logger.error('delivery file cleanup failed', { error: cleanupError, key }));
    }
  }

  /** Starts a video upload straight to storage for an order that can take a video (direct-video-uploads.ts). */
  async startVideoUpload(orderId: string, size: number, head: Buffer, actor: Actor): Promise<Outcome<DirectVideoUploadPlan>> {
    const order = await this.orders.findOrder(orderId);
    return this.directUploads.start(order, size, head, actor);
  }

  /** Discards a video upload straight to storage that will not be used. */
  abortVideoUpload(orderId: string, uploadId: string): Promise<Outcome<true>> {
    return this.directUploads.abort(orderId, uploadId);
  }

  /** Queues the delivery e-mail again, with the order's link, for a Completed order. */
  async resendDeliveryEmail(orderId: string, actor: Actor): Promise<Outcome<Order>> {
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
      if (!isDelivered(order.status) || !order.videoKey) {
        return refuse(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.notCompleted);
      }
      const link = await this.deliveryLink(manager, order.id);
      await this.outbox.enqueue(manager, videoDeliveryOutboxEmail(order, link, this.options));
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: 'delivery_email_resent',
        fromStatus: null,
        toStatus: null,
        actor,
        data: { to: order.email },
      });
      this.logger.info('delivery e-mail queued again', { orderId: order.id, actor: actorLabel(actor) });
      return succeed(order);
    });
  }

  /** What the parent's page shows for a delivery link; null when it is unknown or has expired. */
  async findDelivery(token: string): Promise<VideoDelivery | null> {
    if (!token || token.length > 100) return null;
    const link = await this.dataSource.getRepository(VideoLink).findOne({
      where: { tokenHash: sha256Hex(token), expiresAt: MoreThan(new Date()) },
      relations: { order: true },
    });
    const order = link?.order;
    if (!link || !order?.videoKey || !isDelivered(order.status)) return null;
    // Short-lived media URLs, never past the link's own expiry; the page asks again when reopened.
    const remaining = Math.floor((link.expiresAt.getTime() - Date.now()) / 1000);
    const ttl = Math.max(1, Math.min(this.options.mediaTtlSeconds, remaining));
    const watchUrl = this.signer.url(order.videoKey, ttl);
    const name = bookFileName(order.childName, lessonLabel(order.moral));
    return {
      childName: order.childName ?? '',
      expiresAt: link.expiresAt,
      watchUrl,
      downloadUrl: downloadUrl(watchUrl, name),
      contentType: mediaContentType(order.videoKey),
      pdfUrl: order.pdfKey ? downloadUrl(this.signer.url(order.pdfKey, ttl), name) : null,
    };
  }
}
