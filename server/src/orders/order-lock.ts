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
