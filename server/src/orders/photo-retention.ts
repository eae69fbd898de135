/**
 * Children's photos are kept only as long as the book needs them: deleted 7 days after the
 * order is completed or shipped (the revision window), 7 days after a refund, or 30 days after
 * an order that was never paid (cancelled or not). The sweep also cancels orders left unpaid
 * for 30 days.
 * The sweep runs at start-up and hourly; rows are claimed with SKIP LOCKED so several
 * instances can sweep at once without doing the same work.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { Order } from './order.entity';
import type { OrderLifecycle } from './order-lifecycle';
import type { Storage } from '../media/storage';
import { cancelStaleOrders } from './stale-orders';

export const RETENTION = {
  afterCompletionDays: 7,
  unpaidDays: 30,
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
          actor: 'system',
          data: { photoKey: order.photo_key },
        });
      }
      return due.length;
    });
  }

  /** Sweeps now and then every `intervalMs`; returns a function that stops it. */
  start(intervalMs = 3600_000): () => void {
    const run = () => void this.sweep().catch((error: unknown) => this.logger.error('photo retention failed', { error }));
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
