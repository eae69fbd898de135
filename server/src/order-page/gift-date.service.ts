/**
 * A digital gift's delivery date, seen and changed by the parent from the order page until the
 * book's e-mail has gone out: the order keeps the day, and a delivery e-mail already queued (the
 * book is ready and waits) moves with it. The e-mail rows are locked first, so the outbox worker
 * either sent one before (and the change is refused) or sends it at the new time.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '../common/logger';
import { NOW_MS } from '../common/now-ms';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { CUSTOMER } from '../orders/actor';
import { checkGiftDate } from '../orders/gift-delivery';
import { orderForToken } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { Order } from '../orders/order.entity';
import { DELIVERY_TEMPLATES, deliveryEmails, giftDateRefusal } from './gift-delivery-state';
import { ORDER_PAGE_MESSAGES } from './order-page.service';

export const GIFT_DATE_CHANGED_EVENT = 'gift_date_changed';

export class GiftDateService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  /**
   * Sets (or, with null, clears: sent as soon as the book is ready) the day a digital book's
   * e-mail waits for; returns the order's id. The same day again changes nothing and records nothing.
   */
  async changeDate(token: string, date: string | null, timeZone: string | null, now = new Date()): Promise<Outcome<string>> {
    const wanted = date?.trim() ? checkGiftDate(date.trim(), timeZone, now) : null;
    if (wanted && !wanted.ok) return refuse(UserErrorCode.INVALID_INPUT, wanted.message, 'date');
    const day = wanted?.value ?? null;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const order = await orderForToken(manager, token, true);
        if (!order) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
        const refusal = giftDateRefusal(order, await deliveryEmails(manager, order.id, true));
        if (refusal) return refuse(UserErrorCode.WRONG_STATUS, refusal, 'date');
        const same = order.giftDeliveryDate === (day?.date ?? null) && order.giftSendAt?.getTime() === day?.sendAt.getTime();
        if (same || (!day && !order.giftDeliveryDate)) return succeed(order.id);
        await manager.update(
          Order,
          { id: order.id },
          { giftDeliveryDate: day?.date ?? null, giftSendAt: day?.sendAt ?? null, updatedAt: now },
        );
        // The book's e-mail, if it is already waiting, moves with the day.
        await manager.query(
          `UPDATE "outbox_emails" SET "not_before" = $3, "next_attempt_at" = COALESCE($3, ${NOW_MS})
           WHERE "order_id" = $1 AND "template" = ANY($2) AND "status" = 'pending' AND "attempts" = 0`,
          [order.id, DELIVERY_TEMPLATES, day?.sendAt ?? null],
        );
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: GIFT_DATE_CHANGED_EVENT,
          fromStatus: null,
          toStatus: null,
          actor: CUSTOMER,
          data: { from: order.giftDeliveryDate, to: day?.date ?? null },
        });
        this.logger.info('gift delivery date changed', { orderId: order.id, date: day?.date ?? null });
        return succeed(order.id);
      });
    } catch (error) {
      if (error instanceof UserFacingError) return refusalOf(error);
      throw error;
    }
  }
}
