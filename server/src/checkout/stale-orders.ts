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
    // A book added to a checkout goes with the checkout's first order, which it is paid with.
    `SELECT o.id FROM orders o LEFT JOIN orders lead ON lead.id = o.checkout_id
      WHERE o.status = 'Pending' AND COALESCE(lead.created_at, o.created_at) < $1::timestamptz - make_interval(days => $2)
      ORDER BY COALESCE(lead.created_at, o.created_at), o.id
      LIMIT $3
      FOR UPDATE OF o SKIP LOCKED`,
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
