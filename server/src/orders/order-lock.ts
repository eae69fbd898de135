/**
 * The order-row lock: every change to an order reads its row with FOR UPDATE inside the
 * caller's transaction, so two changes to one order (a webhook and the browser, two admins)
 * take turns and each sees the other's result.
 */
import type { EntityManager } from 'typeorm';
import { Order } from './order.entity';

/** The order, its row locked until `manager`'s transaction ends; null when there is none. */
export function lockOrder(manager: EntityManager, orderId: string): Promise<Order | null> {
  return manager.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
}

/** As lockOrder, for an order that must exist (it was just read): throws when it does not. */
export async function lockExistingOrder(manager: EntityManager, orderId: string): Promise<Order> {
  const order = await lockOrder(manager, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return order;
}

/**
 * Several orders' rows locked at once, before any of them is changed, in the order a checkout's
 * books are always locked (checkout-books.ts): the checkout's first order first, then the others
 * oldest first. A change that moves the studio's counters for one of them then never waits for
 * another's row while holding those counters. One order is left to the caller's own lock.
 */
export async function lockOrders(manager: EntityManager, orderIds: readonly string[]): Promise<void> {
  const ids = [...new Set(orderIds)];
  if (ids.length < 2) return;
  await manager.query(
    `SELECT id FROM orders WHERE id = ANY($1::uuid[])
      ORDER BY (checkout_id IS NULL OR checkout_id = id) DESC, created_at, id
      FOR UPDATE`,
    [ids],
  );
}
