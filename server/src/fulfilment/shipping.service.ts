/**
 * Shipping a printed book: a paid printed order (Completed, or Paid when the book goes out
 * without a video) becomes Shipped with its carrier and tracking number, and the parent is
 * e-mailed the tracking link, in one transaction. A printed book goes to print (and so ships)
 * only once the parent has approved its newest proof. A wrong tracking number can be
 * corrected; the parent is e-mailed the new one.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, refusal, type UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { shippingConfirmationOutboxEmail } from '../mail/templates/shipping-confirmation';
import type { OrderLinks } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OutboxService } from '../mail/outbox.service';
import { OrderStatus, transitionRefusal } from '../orders/order-status';
import { lockOrder } from '../orders/order-lock';
import { Order } from '../orders/order.entity';
import { SHIPPING_MESSAGES, ShipOrderInput } from './ship-order.input';
import { type Actor, actorLabel } from '../orders/actor';
import { printRefusal } from '../proofs/proofs.service';

export class ShippingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly logger: Logger,
    private readonly links: OrderLinks,
    /** Why an order may not be shipped by hand now (the print partner ships it), or null; checked under the order's lock. */
    private readonly shipGate: (manager: EntityManager, orderId: string) => Promise<UserFacingError | null> = async () => null,
  ) {}

  async shipOrder(orderId: string, carrier: string, trackingNumber: string, actor: Actor): Promise<Outcome<Order>> {
    const input = new ShipOrderInput(carrier, trackingNumber);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
    try {
      const shipped = await this.dataSource.transaction(async (manager) => {
        const order = await lockOrder(manager, orderId);
        if (!order) return null;
        // The lifecycle refuses a wrong status or format first; then the proof, under the row lock its answers take.
        if (order.bookFormat === 'printed' && !transitionRefusal(order.status, OrderStatus.Shipped)) {
          const unapproved = await printRefusal(manager, order);
          if (unapproved) throw unapproved;
          const held = await this.shipGate(manager, orderId);
          if (held) throw held;
        }
        return this.lifecycle.transition(manager, orderId, {
          to: OrderStatus.Shipped,
          actor,
          patch: { shippingCarrier: input.carrier, trackingNumber: input.trackingNumber },
          data: { carrier: input.carrier, trackingNumber: input.trackingNumber },
          email: async (order, tx) => shippingConfirmationOutboxEmail(order, await this.links.emailOptions(tx, order.id)),
        });
      });
      if (!shipped) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
      this.logger.info('order shipped', { orderId, carrier: input.carrier, actor: actorLabel(actor) });
      return succeed(shipped);
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** A Shipped order's carrier and tracking number, corrected; the parent is e-mailed the new ones. The same again changes nothing. */
  async correctTracking(orderId: string, carrier: string, trackingNumber: string, actor: Actor): Promise<Outcome<Order>> {
    const input = new ShipOrderInput(carrier, trackingNumber);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, SHIPPING_MESSAGES.orderNotFound, 'orderId');
      if (order.status !== OrderStatus.Shipped) {
        return refuse(UserErrorCode.WRONG_STATUS, SHIPPING_MESSAGES.notShipped, 'status');
      }
      if (order.shippingCarrier === input.carrier && order.trackingNumber === input.trackingNumber) return succeed(order);
      const changes = { shippingCarrier: input.carrier, trackingNumber: input.trackingNumber, updatedAt: new Date() };
      await manager.update(Order, { id: orderId }, changes);
      const corrected = Object.assign(new Order(), order, changes);
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: 'tracking_corrected',
        fromStatus: null,
        toStatus: null,
        actor,
        data: {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          previousCarrier: order.shippingCarrier,
          previousTrackingNumber: order.trackingNumber,
        },
      });
      await this.outbox.enqueue(
        manager,
        shippingConfirmationOutboxEmail(corrected, await this.links.emailOptions(manager, orderId), true),
      );
      this.logger.info('tracking corrected', { orderId, carrier: input.carrier, actor: actorLabel(actor) });
      return succeed(corrected);
    });
  }
}
