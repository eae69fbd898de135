/**
 * Shipping a printed book: a Completed printed order becomes Shipped with its carrier and
 * tracking number, and the parent is e-mailed the tracking link, in one transaction.
 */
import type { DataSource } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, refusal } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { shippingConfirmationOutboxEmail } from '../mail/templates/shipping-confirmation';
import type { Order } from '../orders/order.entity';
import { orderEmailOptions } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { OrderStatus } from '../orders/order-status';
import { SHIPPING_MESSAGES, ShipOrderInput } from './ship-order.input';
import { type Actor, actorLabel } from '../orders/actor';

export class ShippingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {}

  async shipOrder(orderId: string, carrier: string, trackingNumber: string, actor: Actor): Promise<Outcome<Order>> {
    const input = new ShipOrderInput(carrier, trackingNumber);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
    try {
      const shipped = await this.dataSource.transaction(async (manager) => {
        const exists = await manager.query('SELECT 1 FROM orders WHERE id = $1', [orderId]);
        if (exists.length === 0) return null;
        return this.lifecycle.transition(manager, orderId, {
          to: OrderStatus.Shipped,
          actor,
          patch: { shippingCarrier: input.carrier, trackingNumber: input.trackingNumber },
          data: { carrier: input.carrier, trackingNumber: input.trackingNumber },
          email: async (order, tx) =>
            shippingConfirmationOutboxEmail(order, await orderEmailOptions(tx, order.id, this.publicUrl)),
        });
      });
      if (!shipped) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
      this.logger.info('order shipped', { orderId, carrier: input.carrier, actor: actorLabel(actor) });
      return succeed(shipped);
    } catch (error) {
      return refusalOf(error);
    }
  }
}
