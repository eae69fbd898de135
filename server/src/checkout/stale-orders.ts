/** Orders that waited 30 days for a payment are cancelled by the hourly sweep (photo-retention.ts), as `system`. */
import type { EntityManager } from 'typeorm';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { OrderStatus } from '../orders/order-status';
import { SYSTEM } from '../orders/actor';

export const UNPAID_CANCEL_DAYS = 30;

/**
 * Cancels, in the caller's transaction, up to `limit` orders unpaid for 30 days; rows another
 * instance is sweeping are skipped. A payment that still arrives for one is refused by the
 * lifecycle and shows as an extra charge to refund. Returns how many were cancelled.
 */
export async function cancelStaleOrders(
  manager: EntityManager,
  lifecycle: OrderLifecycle,
  now: Date,
  limit: number,
): Promise<number> {
  const due: Array<{ id: string }> = await manager.query(
    `SELECT id FROM orders
      WHERE status = 'Pending' AND created_at < $1::timestamptz - make_interval(days => $2)
      ORDER BY created_at
      LIMIT $3
      FOR UPDATE SKIP LOCKED`,
    [now.toISOString(), UNPAID_CANCEL_DAYS, limit],
  );
  for (const { id } of due) {
    await lifecycle.transition(manager, id, {
      to: OrderStatus.Cancelled,
      actor: SYSTEM,
      data: { reason: `unpaid for ${UNPAID_CANCEL_DAYS} days` },
    });
  }
  return due.length;
}
