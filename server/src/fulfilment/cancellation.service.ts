/**
 * Cancelling an unpaid order: by an admin, or by the hourly sweep once it has waited 30 days.
 *
 * No e-mail goes to the parent. An unpaid order's address was never confirmed by a payment:
 * anyone can type any address into the form, so writing to it about a child's photo could reach
 * a stranger. The photo itself is deleted on the unpaid-order schedule (photo-retention.ts).
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { OrderStatus } from '../orders/order-status';
import { type Actor, actorLabel } from '../orders/actor';
import { isCheckoutLead, lockAddedPendingBooks } from '../orders/checkout-books';
import { lockOrder } from '../orders/order-lock';

export const CANCELLATION_MESSAGES = { orderNotFound: 'Order not found.' } as const;

export class CancellationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  async cancelOrder(orderId: string, actor: Actor): Promise<Outcome<Order>> {
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, CANCELLATION_MESSAGES.orderNotFound, 'orderId');
    try {
      const cancelled = await this.dataSource.transaction(async (manager) => {
        const order = await lockOrder(manager, orderId);
        if (!order) return null;
        // The books added to an unpaid checkout are paid through its first order: they go with it,
        // locked before anything changes (checkoutBooks says why).
        const books = !order.paidAt && isCheckoutLead(order) ? await lockAddedPendingBooks(manager, order) : [];
        const cancelled = await this.lifecycle.transition(manager, orderId, { to: OrderStatus.Cancelled, actor });
        for (const book of books) {
          await this.lifecycle.transition(manager, book.id, {
            to: OrderStatus.Cancelled,
            actor,
            data: { reason: 'cancelled with the first order of its checkout' },
          });
        }
        return cancelled;
      });
      if (!cancelled) return refuse(UserErrorCode.NOT_FOUND, CANCELLATION_MESSAGES.orderNotFound, 'orderId');
      this.logger.info('order cancelled', { orderId, actor: actorLabel(actor) });
      return succeed(cancelled);
    } catch (error) {
      return refusalOf(error);
    }
  }
}
