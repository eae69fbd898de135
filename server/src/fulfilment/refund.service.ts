/**
 * Refunds: the admin refunds an order in full, or an extra charge the order picked up; and a
 * refund made in the provider's own dashboard reaches the order through the webhook. Every
 * refund is one `refunds` row, unique by the provider's refund id, so a refund seen twice (our
 * call, then its webhook) is recorded once.
 *
 * Order of operations: the provider is asked first, then one transaction records the refund,
 * moves the order and queues the e-mail. The provider call cannot join our transaction, so a
 * refund that succeeds at the provider while our commit fails is made safe by the idempotency
 * key: it is derived from the order (or the extra payment) and the amount, so the admin's retry
 * sends the same key and the provider answers with the same refund instead of making a second
 * one; and the provider's `charge.refunded` webhook records that refund and moves the order even
 * if nobody retries. Past the provider's key window (24 hours at Stripe) a retry is refused by
 * the provider as already refunded, and the webhook has long recorded it.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminUser } from '../admin/admin-user.entity';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { refundConfirmationOutboxEmail } from '../mail/templates/refund-confirmation';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { assertTransition, canTransition, OrderStatus } from '../orders/order-status';
import { claimPaymentEvent } from '../payments/payment-event-claim';
import { type PaymentProvider, type ProviderRefund, RefundRefusedError, type WebhookAction } from '../payments/payment-provider';
import { OrderEvent } from '../orders/order-event.entity';
import { orderEmailOptions } from '../orders/order-access';
import { EXTRA_CHARGE_REFUNDED_EVENT, NEEDS_ATTENTION_EVENT, unresolvedCharges } from './payment-alerts';
import { firstInputError } from '../common/input-validation';
import { REFUND_REASON_MAX_CHARS, RefundReasonInput } from './refund-reason';

export const REFUND_MESSAGES = {
  orderNotFound: 'Order not found.',
  noPayment: 'This order has no payment to refund.',
  nothingLeft: 'Nothing is left to refund on this payment.',
  refusedByProvider: 'The payment provider would not make this refund: the payment may already have been refunded.',
  providerFailed: 'The refund could not be made just now. Nothing was refunded; please try again.',
  notSaved: 'The refund could not be saved. Please try again: the same refund is reused, so the parent is never refunded twice.',
  alertNotFound: 'This order has no unresolved extra charge with that payment id.',
} as const;

/** The parent-facing words for the reason codes of a refund made in the provider's dashboard. */
export const PROVIDER_REASONS: Record<string, string> = {
  duplicate: 'You were charged twice for the same order.',
  requested_by_customer: 'You asked us for a refund.',
};

type RefundedAction = Extract<WebhookAction, { type: 'refunded' }>;

export class RefundService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {}

  /** Refunds what is left of the order's payment, and moves the order to Refunded. */
  async refundOrder(orderId: string, reasonInput: string, admin: AdminUser): Promise<Outcome<Order>> {
    const input = new RefundReasonInput(reasonInput);
    const invalid = firstInputError(input);
    if (invalid) return { ok: false, error: invalid };
    const { reason } = input;
    const order = await this.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, REFUND_MESSAGES.orderNotFound, 'orderId');
    try {
      assertTransition(order.status, OrderStatus.Refunded);
    } catch (error) {
      return refusalOf(error);
    }
    if (!order.paymentId) return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.noPayment);
    const amountCents = order.amountCents - (await this.refundedCents(order.id, order.paymentId));
    if (amountCents <= 0) return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.nothingLeft);

    const made = await this.callProvider(order, {
      paymentId: order.paymentId,
      amountCents,
      idempotencyKey: `refund-order-${order.id}-${amountCents}`,
      reason,
    });
    if (!made.ok) return made;
    const refund = made.value;
    const actor = `admin:${admin.email}`;

    try {
      const refunded = await this.dataSource.transaction(async (manager) => {
        await this.recordRefund(manager, order, order.paymentId!, refund, reason, actor);
        return this.lifecycle.transition(manager, order.id, {
          to: OrderStatus.Refunded,
          actor,
          data: { refundId: refund.refundId, amountCents: refund.amountCents, reason },
          email: async (moved, tx) =>
            refundConfirmationOutboxEmail(
              moved,
              { refundId: refund.refundId, amountCents: refund.amountCents, reason },
              await orderEmailOptions(tx, moved.id, this.publicUrl),
            ),
        });
      });
      this.logger.info('order refunded', {
        orderId: order.id,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        actor,
      });
      return succeed(refunded);
    } catch (error) {
      // Someone (a double click, the provider's webhook) recorded this same refund first: that is success.
      const now = await this.findOrder(order.id).catch(() => null);
      if (now?.status === OrderStatus.Refunded && (await this.isRecorded(refund.refundId))) return succeed(now);
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('refund made at the provider but not saved; a retry reuses it', {
        error,
        orderId: order.id,
        refundId: refund.refundId,
      });
      return refuse(UserErrorCode.INTERNAL_FAILURE, REFUND_MESSAGES.notSaved);
    }
  }

  /** Refunds an extra charge in full; the order's status does not change, and its alert goes. */
  async refundExtraCharge(orderId: string, paymentId: string, admin: AdminUser): Promise<Outcome<Order>> {
    const order = await this.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, REFUND_MESSAGES.orderNotFound, 'orderId');
    const events = await this.dataSource
      .getRepository(OrderEvent)
      .find({ where: { orderId: order.id }, order: { createdAt: 'ASC' } });
    const alert = unresolvedCharges(events).find((charge) => charge.paymentId === paymentId);
    // The order's own payment is refunded with the order, never as an extra charge.
    if (!alert || paymentId === order.paymentId) {
      return refuse(UserErrorCode.NOT_FOUND, REFUND_MESSAGES.alertNotFound, 'paymentId');
    }
    const verified = await this.provider.verifyPayment(paymentId);
    const taken = verified?.status === 'succeeded' ? verified.amountReceivedCents : 0;
    const amountCents = taken - (await this.refundedCents(order.id, paymentId));
    if (amountCents <= 0) return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.nothingLeft, 'paymentId');

    const reason = 'Extra charge for an order that was already paid';
    const made = await this.callProvider(order, {
      paymentId,
      amountCents,
      idempotencyKey: `refund-extra-${paymentId}-${amountCents}`,
      reason,
    });
    if (!made.ok) return made;
    const refund = made.value;
    const actor = `admin:${admin.email}`;
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.findOneOrFail(Order, { where: { id: order.id }, lock: { mode: 'pessimistic_write' } });
        await this.recordRefund(manager, order, paymentId, refund, reason, actor);
        await this.resolveExtraCharge(manager, order.id, paymentId, refund, actor);
      });
    } catch (error) {
      this.logger.error('extra charge refunded at the provider but not saved; a retry reuses it', {
        error,
        orderId: order.id,
        refundId: refund.refundId,
      });
      return refuse(UserErrorCode.INTERNAL_FAILURE, REFUND_MESSAGES.notSaved);
    }
    this.logger.info('extra charge refunded', { orderId: order.id, paymentId, refundId: refund.refundId, actor });
    return succeed((await this.findOrder(order.id))!);
  }

  /**
   * The provider says money of a payment went back (`charge.refunded`), once per event: its
   * refunds are recorded (those we made ourselves are already there), a full refund of the
   * order's payment moves the order to Refunded with the parent's e-mail, a partial one is a
   * `partial_refund` event, and a full refund of an extra charge resolves its alert.
   */
  async handleRefundWebhook(action: RefundedAction): Promise<void> {
    const order = await this.orderForPayment(action.paymentId);
    if (!order) {
      this.logger.warn('refund webhook for a payment of no order', { eventId: action.eventId, paymentId: action.paymentId });
      return;
    }
    // Asked of the provider, not read from the event: the refunds and their ids as it records them.
    const refunds = (await this.provider.listRefunds(action.paymentId)).filter(
      (refund) => refund.status === 'succeeded' || refund.status === 'pending',
    );
    const actor = `${this.provider.name}-webhook`;
    const full = action.amountRefundedCents >= action.amountCents;
    const parentReason = action.reason ? (PROVIDER_REASONS[action.reason] ?? null) : null;
    await this.dataSource.transaction(async (manager) => {
      const claimed = await claimPaymentEvent(manager, {
        id: action.eventId,
        provider: this.provider.name,
        type: 'charge_refunded',
        orderId: order.id,
      });
      if (!claimed) {
        this.logger.info('webhook event already handled', { eventId: action.eventId });
        return;
      }
      const locked = await manager.findOneOrFail(Order, { where: { id: order.id }, lock: { mode: 'pessimistic_write' } });
      const added: ProviderRefund[] = [];
      for (const refund of refunds) {
        if (await this.recordRefund(manager, locked, action.paymentId, refund, action.reason, actor)) added.push(refund);
      }
      const addedCents = added.reduce((sum, refund) => sum + refund.amountCents, 0);

      if (locked.paymentId !== action.paymentId) {
        if (full) await this.resolveExtraCharge(manager, locked.id, action.paymentId, added[0] ?? null, actor);
        return;
      }
      if (full && canTransition(locked.status, OrderStatus.Refunded)) {
        const refundId = added.at(-1)?.refundId ?? action.eventId;
        await this.lifecycle.transition(manager, locked.id, {
          to: OrderStatus.Refunded,
          actor,
          data: { refundId, amountCents: action.amountRefundedCents, reason: action.reason },
          email: async (moved, tx) =>
            refundConfirmationOutboxEmail(
              moved,
              { refundId, amountCents: action.amountRefundedCents, reason: parentReason },
              await orderEmailOptions(tx, moved.id, this.publicUrl),
            ),
        });
      } else if (!full && added.length > 0) {
        await this.lifecycle.recordEvent(manager, {
          orderId: locked.id,
          type: 'partial_refund',
          fromStatus: null,
          toStatus: null,
          actor,
          data: { paymentId: action.paymentId, amountCents: addedCents, amountRefundedCents: action.amountRefundedCents },
        });
      }
    });
  }

  private async callProvider(
    order: Order,
    request: { paymentId: string; amountCents: number; idempotencyKey: string; reason: string },
  ): Promise<Outcome<ProviderRefund>> {
    try {
      const refund = await this.provider.refund({ ...request, currency: order.currency });
      if (refund.status === 'failed' || refund.status === 'canceled') {
        this.logger.error('provider refund failed', { orderId: order.id, refundId: refund.refundId, status: refund.status });
        return refuse(UserErrorCode.PAYMENT_FAILED, REFUND_MESSAGES.refusedByProvider);
      }
      return succeed(refund);
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        this.logger.warn('provider refused a refund', { orderId: order.id, paymentId: request.paymentId, code: error.code });
        return refuse(UserErrorCode.PAYMENT_FAILED, REFUND_MESSAGES.refusedByProvider);
      }
      this.logger.error('provider refund call failed', { error, orderId: order.id, paymentId: request.paymentId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, REFUND_MESSAGES.providerFailed);
    }
  }

  /** One row per provider refund id; false when it was recorded before. */
  private async recordRefund(
    manager: EntityManager,
    order: Order,
    paymentId: string,
    refund: ProviderRefund,
    reason: string | null,
    actor: string,
  ): Promise<boolean> {
    const inserted = await manager.query(
      `INSERT INTO refunds (id, order_id, provider, provider_refund_id, payment_id, amount_cents, reason, actor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (provider_refund_id) DO NOTHING RETURNING id`,
      [
        randomUUID(),
        order.id,
        this.provider.name,
        refund.refundId,
        paymentId,
        refund.amountCents,
        reason?.slice(0, REFUND_REASON_MAX_CHARS) ?? null,
        actor,
      ],
    );
    return inserted.length > 0;
  }

  /** Records `extra_charge_refunded` once per payment: the alert is gone. */
  private async resolveExtraCharge(
    manager: EntityManager,
    orderId: string,
    paymentId: string,
    refund: ProviderRefund | null,
    actor: string,
  ): Promise<void> {
    const [done] = await manager.query(
      `SELECT 1 FROM order_events WHERE order_id = $1 AND type = $2 AND data->>'paymentId' = $3 LIMIT 1`,
      [orderId, EXTRA_CHARGE_REFUNDED_EVENT, paymentId],
    );
    if (done) return;
    await this.lifecycle.recordEvent(manager, {
      orderId,
      type: EXTRA_CHARGE_REFUNDED_EVENT,
      fromStatus: null,
      toStatus: null,
      actor,
      data: { paymentId, refundId: refund?.refundId ?? null, amountCents: refund?.amountCents ?? null },
    });
  }

  private async refundedCents(orderId: string, paymentId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT coalesce(sum(amount_cents), 0)::int AS total FROM refunds WHERE order_id = $1 AND payment_id = $2',
      [orderId, paymentId],
    );
    return Number(row.total);
  }

  private async isRecorded(refundId: string): Promise<boolean> {
    const rows = await this.dataSource.query('SELECT 1 FROM refunds WHERE provider_refund_id = $1', [refundId]);
    return rows.length > 0;
  }

  private findOrder(id: string): Promise<Order | null> {
    return isUuid(id) ? this.dataSource.getRepository(Order).findOneBy({ id }) : Promise.resolve(null);
  }

  /** The order a payment belongs to: as its own payment, or as an extra charge flagged on it. */
  private async orderForPayment(paymentId: string): Promise<Order | null> {
    const repo = this.dataSource.getRepository(Order);
    const own = await repo.findOneBy({ paymentId });
    if (own) return own;
    const [flagged] = await this.dataSource.query(
      `SELECT order_id FROM order_events WHERE type = $1 AND data->>'paymentId' = $2 ORDER BY created_at LIMIT 1`,
      [NEEDS_ATTENTION_EVENT, paymentId],
    );
    return flagged ? repo.findOneBy({ id: flagged.order_id }) : null;
  }
}
