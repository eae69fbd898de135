/**
 * The shop's promise of one free revision within 7 days of delivery: records the parent's
 * request for a change as a `change_requested` event, which the dashboard shows until a
 * revision, reply or decline answers it, and e-mails the staff (STAFF_EMAIL) and the parent (that
 * it arrived) in the same transaction. Not a
 * status change: the order stays Completed (or Shipped).
 */
import type { DataSource } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import type { OutboxService } from '../mail/outbox.service';
import type { StaffChangeRequestEmails } from '../mail/templates/staff-notifications';
import { type Outcome, refuse, succeed, UserErrorCode, refusal } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { ChangeRequestInput } from './change-request.input';
import { CHANGE_REQUESTED_EVENT, changeWindow, REVISION_WINDOW_DAYS } from './change-request';
import { OrderEvent } from '../orders/order-event.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { isDelivered } from '../orders/order-status';
import { type Actor, actorLabel } from '../orders/actor';
import { lockOrder } from '../orders/order-lock';
import type { OrderLinks } from '../orders/order-access';
import { changeReceivedOutboxEmail } from '../mail/templates/change-request-replies';

export const CHANGE_REQUEST_MESSAGES = {
  orderNotFound: 'Order not found.',
  notDelivered: 'Changes can be requested once the book has been delivered.',
  windowClosed: `Changes can be requested within ${REVISION_WINDOW_DAYS} days of delivery.`,
  alreadyRequested: 'The free revision for this order has already been requested.',
} as const;

export interface RecordedChangeRequest {
  orderId: string;
  message: string;
  requestedAt: Date;
}

export class ChangeRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly staffEmails: StaffChangeRequestEmails,
    private readonly logger: Logger,
    private readonly options: { publicUrl: string; links: OrderLinks },
  ) {}

  /** Records the request, or refuses it and changes nothing. `actor`: the parent, or an admin on the parent's behalf. */
  async recordChangeRequest(
    orderId: string,
    message: string,
    actor: Actor,
    now = new Date(),
  ): Promise<Outcome<RecordedChangeRequest>> {
    const input = new ChangeRequestInput(message);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, CHANGE_REQUEST_MESSAGES.orderNotFound, 'orderId');

    return this.dataSource.transaction(async (manager) => {
      // Locked, so two requests sent at once cannot both be the free one.
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, CHANGE_REQUEST_MESSAGES.orderNotFound, 'orderId');
      if (!isDelivered(order.status) || !order.completedAt) {
        return refuse(UserErrorCode.WRONG_STATUS, CHANGE_REQUEST_MESSAGES.notDelivered, 'status');
      }
      if (!changeWindow(order, now).open) {
        return refuse(UserErrorCode.WRONG_STATUS, CHANGE_REQUEST_MESSAGES.windowClosed, 'status');
      }
      const earlier = await manager.exists(OrderEvent, { where: { orderId, type: CHANGE_REQUESTED_EVENT } });
      if (earlier) return refuse(UserErrorCode.WRONG_STATUS, CHANGE_REQUEST_MESSAGES.alreadyRequested, 'status');

      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: CHANGE_REQUESTED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor,
        data: { message: input.message },
      });
      for (const email of this.staffEmails(order, input.message)) await this.outbox.enqueue(manager, email);
      // The parent hears at once that the request arrived, with the link back to the order.
      const link = await this.options.links.emailLink(manager, orderId);
      await this.outbox.enqueue(
        manager,
        changeReceivedOutboxEmail(order, input.message, { publicUrl: this.options.publicUrl, orderUrl: link.url }),
      );
      this.logger.info('change requested', { orderId, actor: actorLabel(actor) });
      return succeed({ orderId, message: input.message, requestedAt: now });
    });
  }
}
