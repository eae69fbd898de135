import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import type { Context } from '../graphql/context';
import { OwnerOnly } from '../graphql/auth-checker';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import { Order } from '../orders/order.entity';
import type { CancellationService } from './cancellation.service';
import { CancelOrderPayload, RefundRecord, PaymentAlert, RefundOrderPayload, ShipOrderPayload } from './fulfilment.types';
import { unresolvedCharges } from '../payments/payment-alerts';
import type { RefundService } from '../payments/refund.service';
import type { ShippingService } from './shipping.service';
import { trackingUrl } from '../orders/tracking';
import { adminActor } from '../orders/actor';

/** The admin's fulfilment of an order after payment: shipping, refunds, cancellation. */
@Resolver(() => Order)
export class FulfilmentResolver {
  private readonly shipping: ShippingService;
  private readonly refundService: RefundService;
  private readonly cancellation: CancellationService;

  constructor(services: { shipping: ShippingService; refunds: RefundService; cancellation: CancellationService }) {
    this.shipping = services.shipping;
    this.refundService = services.refunds;
    this.cancellation = services.cancellation;
  }

  @Authorized()
  @Mutation(() => ShipOrderPayload, {
    description:
      'Admin only. A paid printed order (Completed, or Paid when it ships without a video) becomes Shipped with its carrier (USPS, UPS, FedEx, DHL, Canada Post, ' +
      'Purolator, or another name) and tracking number (letters, digits, spaces and dashes; at most 64), and the ' +
      'parent is e-mailed the tracking link.',
  })
  async shipOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('carrier', () => String) carrier: string,
    @Arg('trackingNumber', () => String) trackingNumber: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ShipOrderPayload> {
    const outcome = await this.shipping.shipOrder(orderId, carrier, trackingNumber, adminActor(admin));
    return toPayload(outcome, (order) => ({ order }), { order: null });
  }

  @Authorized()
  @Mutation(() => ShipOrderPayload, {
    description:
      "Admin only. Corrects a Shipped order's carrier and tracking number; the parent is e-mailed the new ones " +
      "(saying they replace the earlier ones) and the order's history keeps both. The same again changes nothing.",
  })
  async correctTracking(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('carrier', () => String) carrier: string,
    @Arg('trackingNumber', () => String) trackingNumber: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ShipOrderPayload> {
    const outcome = await this.shipping.correctTracking(orderId, carrier, trackingNumber, adminActor(admin));
    return toPayload(outcome, (order) => ({ order }), { order: null });
  }

  @OwnerOnly()
  @Mutation(() => RefundOrderPayload, {
    description:
      "Owners only. Refunds a Paid, Completed or Shipped order's payment through the provider (never twice): what " +
      'is left of it, or `amountCents` of it (integer cents, at most what is left). All of it back (at once, or ' +
      'later when the refund is pending) makes the order Refunded; part of it leaves the status as it is. The parent ' +
      'is e-mailed the amount and the reason; a refund that fails leaves the order as it was, and its `refunds` say why.',
  })
  async refundOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('reason', () => String) reason: string,
    @Arg('amountCents', () => Int, { nullable: true }) amountCents: number | null | undefined,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<RefundOrderPayload> {
    const outcome = await this.refundService.refundOrder(orderId, reason, adminActor(admin), amountCents);
    return toPayload(outcome, (order) => ({ order }), { order: null });
  }

  @OwnerOnly()
  @Mutation(() => RefundOrderPayload, {
    description:
      "Owners only. Refunds an extra charge listed in the order's paymentAlerts in full (never twice); the order's " +
      'status does not change.',
  })
  async refundExtraCharge(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('paymentId', () => String) paymentId: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<RefundOrderPayload> {
    const outcome = await this.refundService.refundExtraCharge(orderId, paymentId, adminActor(admin));
    return toPayload(outcome, (order) => ({ order }), { order: null });
  }

  @OwnerOnly()
  @Mutation(() => CancelOrderPayload, { description: 'Owners only. Cancels a Pending (unpaid) order.' })
  async cancelOrder(@Arg('orderId', () => ID) orderId: string, @CurrentAdmin() admin: AdminUser): Promise<CancelOrderPayload> {
    const outcome = await this.cancellation.cancelOrder(orderId, adminActor(admin));
    return toPayload(outcome, (order) => ({ order }), { order: null });
  }

  @Authorized()
  @FieldResolver(() => String, {
    nullable: true,
    description: "The carrier's public tracking page, for the carriers the shop knows; null for others.",
  })
  trackingUrl(@Root() order: Order): string | null {
    return trackingUrl(order.shippingCarrier, order.trackingNumber);
  }

  @Authorized()
  @FieldResolver(() => [RefundRecord], {
    description: "Every refund of the order's money, newest first, with its status at the payment provider.",
  })
  async refunds(@Root() order: Order): Promise<RefundRecord[]> {
    return this.refundService.refundsOf(order.id);
  }

  @Authorized()
  @FieldResolver(() => Int, {
    description:
      "What is left of the order's payment to refund, in integer cents: the payment less what went back or is on its way (refundOrder's amountCents at most).",
  })
  async refundableCents(@Root() order: Order): Promise<number> {
    return this.refundService.refundableCents(order);
  }

  @Authorized()
  @FieldResolver(() => [PaymentAlert], { description: 'Extra charges on this order that are not refunded yet, oldest first.' })
  async paymentAlerts(@Root() order: Order, @Ctx() ctx: Context): Promise<PaymentAlert[]> {
    return unresolvedCharges(await ctx.loaders.orderEvents.load(order.id));
  }
}
