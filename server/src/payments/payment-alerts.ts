/**
 * Extra charges that need the admin: a `payment_needs_attention` event (money taken that cannot
 * pay the order, e.g. a second charge for a paid order) stays an alert until an
 * `extra_charge_refunded` event for the same payment resolves it.
 */
import type { OrderEvent } from '../orders/order-event.entity';

export const NEEDS_ATTENTION_EVENT = 'payment_needs_attention';
export const EXTRA_CHARGE_REFUNDED_EVENT = 'extra_charge_refunded';

export interface UnresolvedCharge {
  paymentId: string;
  amountCents: number | null;
  reason: string;
  /** The provider that took it (null on alerts older than the record of it: the order's own). */
  provider: string | null;
  createdAt: Date;
}

/** The unresolved extra charges among an order's events, oldest first, one per payment. */
export function unresolvedCharges(events: readonly Pick<OrderEvent, 'type' | 'data' | 'createdAt'>[]): UnresolvedCharge[] {
  const resolved = new Set(
    events.filter((event) => event.type === EXTRA_CHARGE_REFUNDED_EVENT).map((event) => String(event.data.paymentId)),
  );
  const alerts = new Map<string, UnresolvedCharge>();
  for (const event of events) {
    if (event.type !== NEEDS_ATTENTION_EVENT) continue;
    const paymentId = typeof event.data.paymentId === 'string' ? event.data.paymentId : null;
    if (!paymentId || resolved.has(paymentId) || alerts.has(paymentId)) continue;
    const amount = event.data.amountCents;
    alerts.set(paymentId, {
      paymentId,
      amountCents: typeof amount === 'number' ? amount : null,
      reason: typeof event.data.reason === 'string' ? event.data.reason : '',
      provider: typeof event.data.provider === 'string' ? event.data.provider : null,
      createdAt: event.createdAt,
    });
  }
  return [...alerts.values()];
}
