/**
 * Video delivery: an admin uploads the finished video for a Paid order; it is streamed to
 * storage, then one transaction marks the order Completed, records the event and queues the
 * delivery e-mail with a link the parent can open without an account. Also the resend, and
 * the parent's side: what a delivery link shows.
 */
import { randomUUID } from 'node:crypto';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { type DataSource, type EntityManager, MoreThan } from 'typeorm';
import type { AdminUser } from '../admin/admin-user.entity';
import type { Logger } from '../common/logger';
import { randomToken, sha256Hex } from '../common/tokens';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { videoDeliveryOutboxEmail } from '../mail/templates/video-delivery';
import { mediaContentType } from '../media/content-type';
import type { MediaSigner } from '../media/signed-url';
import type { Storage } from '../media/storage';
import { Order } from '../orders/order.entity';
import { assertTransition, isDelivered, OrderStatus } from '../orders/order-status';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderService } from '../orders/order.service';
import type { VideoDelivery } from './delivery.types';
import { openVideo, VideoTooLargeError } from './video-file';
import { VideoLink } from './video-link.entity';

export const DELIVERY_MESSAGES = {
  orderNotFound: 'Order not found.',
  uploadFailed: 'Failed to upload video',
  updateFailed: 'Failed to update order status',
  notCompleted: 'Only a Completed order has a video to send.',
} as const;

export interface DeliveryOptions {
  publicUrl: string;
  videoMaxBytes: number;
  videoLinkTtlMs: number;
  /** How long the watch and download URLs on the parent's page stay valid. */
  mediaTtlSeconds: number;
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
  ) {}

  async completeOrderWithVideo(orderId: string, upload: Promise<FileUpload>, admin: AdminUser): Promise<Outcome<Order>> {
    // Refuse a wrong order before storing a byte of what may be a 2 GB file. (graphql-upload still
    // receives the whole request into a temporary file first: the dashboard offers uploads for Paid orders only.)
    const order = await this.orders.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    try {
      assertTransition(order.status, OrderStatus.Completed);
    } catch (error) {
      return refusalOf(error);
    }

    let videoKey: string;
    let bytes: number;
    try {
      const file = await upload;
      const video = await openVideo(file.createReadStream(), this.options.videoMaxBytes);
      // A name of its own per upload: two admins racing on one order never overwrite each other's file.
      videoKey = `videos/${order.id}-${randomUUID().slice(0, 8)}.${video.type.extension}`;
      await this.storage.put(videoKey, video.body, video.type.contentType);
      bytes = video.bytesRead();
    } catch (error) {
      if (error instanceof UserFacingError) return { ok: false, error: error.toUserError() };
      // graphql-upload cuts the file off one byte past the cap itself, with a 413.
      if ((error as { status?: number }).status === 413) {
        return refusalOf(new VideoTooLargeError(this.options.videoMaxBytes));
      }
      this.logger.error('video upload failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.uploadFailed, 'video');
    }

    try {
      const completed = await this.dataSource.transaction(async (manager) => {
        return this.lifecycle.transition(manager, order.id, {
          to: OrderStatus.Completed,
          actor: `admin:${admin.email}`,
          patch: { videoKey },
          data: { videoKey, bytes },
          email: async (completed, tx) =>
            videoDeliveryOutboxEmail(completed, await this.createLink(tx, completed, admin), this.options),
        });
      });
      this.logger.info('order completed', { orderId: order.id, videoKey, bytes, admin: admin.email });
      return succeed(completed);
    } catch (error) {
      // Take the file back out so a refused or failed completion changes nothing; but a commit whose
      // answer was lost may have gone through, and then the file is the delivered video.
      const delivered =
        !(error instanceof UserFacingError) && (await this.orders.findOrder(order.id).catch(() => null))?.videoKey === videoKey;
      if (!delivered) {
        await this.storage
          .delete(videoKey)
          .catch((cleanupError: unknown) => this.logger.error('video cleanup failed', { error: cleanupError, videoKey }));
      }
      if (error instanceof UserFacingError) return { ok: false, error: error.toUserError() };
      this.logger.error('order completion failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, DELIVERY_MESSAGES.updateFailed);
    }
  }

  /** Queues the delivery e-mail again, with a link of its own, for a Completed order. */
  async resendDeliveryEmail(orderId: string, admin: AdminUser): Promise<Outcome<Order>> {
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) return refuse(UserErrorCode.NOT_FOUND, DELIVERY_MESSAGES.orderNotFound, 'orderId');
      if (!isDelivered(order.status) || !order.videoKey) {
        return refuse(UserErrorCode.WRONG_STATUS, DELIVERY_MESSAGES.notCompleted);
      }
      const link = await this.createLink(manager, order, admin);
      await this.outbox.enqueue(manager, videoDeliveryOutboxEmail(order, link, this.options));
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: 'delivery_email_resent',
        fromStatus: null,
        toStatus: null,
        actor: `admin:${admin.email}`,
        data: { to: order.email },
      });
      this.logger.info('delivery e-mail queued again', { orderId: order.id, admin: admin.email });
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
    return {
      childName: order.childName,
      expiresAt: link.expiresAt,
      watchUrl,
      downloadUrl: `${watchUrl}&download=1`,
      contentType: mediaContentType(order.videoKey),
    };
  }

  private async createLink(
    manager: EntityManager,
    order: Order,
    admin: AdminUser,
  ): Promise<{ id: string; url: string; expiresAt: Date }> {
    const token = randomToken();
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + this.options.videoLinkTtlMs);
    await manager.insert(VideoLink, {
      id,
      orderId: order.id,
      tokenHash: sha256Hex(token),
      expiresAt,
      createdBy: `admin:${admin.email}`,
    });
    return { id, url: `${this.options.publicUrl.replace(/\/+$/, '')}/video/${token}`, expiresAt };
  }
}
