import type { EntityManager } from 'typeorm';

/**
 * Records a provider event id in the caller's transaction; false when it was handled before.
 * A rolled-back transaction un-records it, so a failed attempt is handled again on retry.
 */
export async function claimPaymentEvent(
  manager: EntityManager,
  event: { id: string; provider: string; type: string; orderId: string | null },
): Promise<boolean> {
  const inserted = await manager.query(
    `INSERT INTO payment_events (id, provider, type, order_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.provider, event.type, event.orderId],
  );
  return inserted.length > 0;
}
