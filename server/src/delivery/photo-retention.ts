/**
 * Children's photos are kept only as long as the book needs them: deleted 7 days after the
 * order is completed or shipped (the revision window), 7 days after a refund, or 30 days after
 * an order that was never paid (cancelled or not). The sweep also cancels orders left unpaid
 * for 30 days. A revised book's replaced files (an older version's video or PDF that no newer
 * version uses) are deleted 30 days after they were replaced, so a parent's older link keeps
 * working for a while. The sweeps run as hourly jobs (retention.jobs.ts); rows are claimed with SKIP LOCKED
 * so several instances can sweep at once without doing the same work.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { OrderDelivery } from './order-delivery.entity';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { Storage } from '../media/storage';
import { cancelStaleOrders } from '../checkout/stale-orders';
import { SYSTEM } from '../orders/actor';

export const RETENTION = {
  afterCompletionDays: 7,
  unpaidDays: 30,
  /** How long a replaced version's files stay after a revision replaced them. */
  supersededDeliveryDays: 30,
  batchSize: 100,
} as const;

export class PhotoRetention {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  /** Deletes the photos that are due; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const batch = await this.dataSource.transaction((manager) =>
        cancelStaleOrders(manager, this.lifecycle, now, RETENTION.batchSize),
      );
      cancelled += batch;
      if (batch < RETENTION.batchSize) break;
    }
    if (cancelled > 0) this.logger.info('unpaid orders cancelled', { count: cancelled });
    let total = 0;
    for (;;) {
      const deleted = await this.sweepBatch(now);
      total += deleted;
      if (deleted < RETENTION.batchSize) break;
    }
    if (total > 0) this.logger.info('photos deleted by retention', { count: total });
    return total;
  }

  private sweepBatch(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due: Array<{ id: string; photo_key: string }> = await manager.query(
        `SELECT id, photo_key FROM orders
          WHERE photo_key IS NOT NULL
            AND ((status IN ('Completed', 'Shipped') AND completed_at < $1::timestamptz - make_interval(days => $2))
              OR (status = 'Refunded' AND refunded_at < $1::timestamptz - make_interval(days => $2))
              OR (status IN ('Pending', 'Cancelled') AND created_at < $1::timestamptz - make_interval(days => $3)))
          ORDER BY created_at
          LIMIT $4
          FOR UPDATE SKIP LOCKED`,
        [now.toISOString(), RETENTION.afterCompletionDays, RETENTION.unpaidDays, RETENTION.batchSize],
      );
      for (const order of due) {
        // Deleting a file that is already gone is fine; the row is what records it.
        await this.storage.delete(order.photo_key);
        await manager.update(Order, { id: order.id }, { photoKey: null, updatedAt: new Date() });
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: 'photo_deleted',
          fromStatus: null,
          toStatus: null,
          actor: SYSTEM,
          data: { photoKey: order.photo_key },
        });
      }
      return due.length;
    });
  }

  /** Deletes the files of delivered versions replaced long enough ago, unless a newer version still uses them; returns how many versions. */
  async sweepSupersededDeliveries(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const swept = await this.sweepDeliveryBatch(now);
      total += swept;
      if (swept < RETENTION.batchSize) break;
    }
    if (total > 0) this.logger.info('replaced delivery files deleted by retention', { versions: total });
    return total;
  }

  /**
   * One batch, each version with its order's row (FOR KEY SHARE, as the event's foreign key takes
   * it), the order's first: a version whose order another transaction holds is passed over, its
   * own row left unlocked. A change to the order (deleting the child's data holds the row, then
   * marks its versions) so never waits on this one while this one waits on it.
   */
  private sweepDeliveryBatch(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due: Array<{ id: string; order_id: string; version: number; video_key: string; pdf_key: string | null }> =
        await manager.query(
          `SELECT d.id, d.order_id, d.version, d.video_key, d.pdf_key
             FROM order_deliveries d JOIN orders o ON o.id = d.order_id
            WHERE d.files_removed_at IS NULL
              AND EXISTS (SELECT 1 FROM order_deliveries later
                           WHERE later.order_id = d.order_id AND later.version > d.version
                             AND later.created_at < $1::timestamptz - make_interval(days => $2))
            ORDER BY d.created_at
            LIMIT $3
            FOR KEY SHARE OF o SKIP LOCKED FOR UPDATE OF d SKIP LOCKED`,
          [now.toISOString(), RETENTION.supersededDeliveryDays, RETENTION.batchSize],
        );
      for (const version of due) {
        const deleted: string[] = [];
        for (const key of [version.video_key, version.pdf_key]) {
          // A revision that replaced only the video carries the PDF over: keep what is still in use.
          if (!key || (await this.deliveryFileInUse(manager, version.order_id, version.id, key))) continue;
          await this.storage.delete(key);
          deleted.push(key);
        }
        await manager.update(OrderDelivery, { id: version.id }, { filesRemovedAt: now });
        await this.lifecycle.recordEvent(manager, {
          orderId: version.order_id,
          type: 'delivery_files_deleted',
          fromStatus: null,
          toStatus: null,
          actor: SYSTEM,
          data: { version: Number(version.version), keys: deleted.join(' ') },
        });
      }
      return due.length;
    });
  }

  private async deliveryFileInUse(manager: EntityManager, orderId: string, versionId: string, key: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM orders WHERE id = $1 AND (video_key = $3 OR pdf_key = $3)
       UNION ALL
       SELECT 1 FROM order_deliveries
        WHERE order_id = $1 AND id <> $2 AND files_removed_at IS NULL AND (video_key = $3 OR pdf_key = $3)
       LIMIT 1`,
      [orderId, versionId, key],
    );
    return rows.length > 0;
  }
}
