/**
 * The staff's answers to a parent's open request for a change, besides a revision of the book:
 * a reply (e-mailed to the parent), or a decline with its reason. Either closes the request, is
 * recorded in the order's history (the parent's timeline shows it) and leaves the status as it is.
 */
import type { DataSource } from 'typeorm';
import type { AdminUser } from '../admin/admin-user.entity';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusal, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { changeAnsweredOutboxEmail, changeDeclinedOutboxEmail } from '../mail/templates/change-request-replies';
import { CHANGE_ANSWERED_EVENT, CHANGE_DECLINED_EVENT, openChangeRequest } from '../order-page/change-request';
import { adminActor } from '../orders/actor';
import type { OrderLinks } from '../orders/order-access';
import { OrderEvent } from '../orders/order-event.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import type { Order } from '../orders/order.entity';
import { ChangeAnswerInput } from './change-answer.input';

export const CHANGE_ANSWER_MESSAGES = {
  orderNotFound: 'Order not found.',
  noOpenRequest: 'This order has no open change request to answer.',
} as const;

export class ChangeAnswersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly logger: Logger,
    private readonly options: { publicUrl: string; links: OrderLinks },
  ) {}

  /** E-mails the parent the staff's reply and closes the request. */
  answer(orderId: string, reply: string, admin: AdminUser): Promise<Outcome<Order>> {
    return this.close(orderId, reply, admin, 'answered');
  }

  /** Tells the parent the change cannot be made, and why, and closes the request. */
  decline(orderId: string, reason: string, admin: AdminUser): Promise<Outcome<Order>> {
    return this.close(orderId, reason, admin, 'declined');
  }

  private async close(orderId: string, text: string, admin: AdminUser, how: 'answered' | 'declined'): Promise<Outcome<Order>> {
    const input = new ChangeAnswerInput(text);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, CHANGE_ANSWER_MESSAGES.orderNotFound, 'orderId');
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, CHANGE_ANSWER_MESSAGES.orderNotFound, 'orderId');
      const events = await manager.find(OrderEvent, { where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
      if (!openChangeRequest(events)) {
        return refuse(UserErrorCode.WRONG_STATUS, CHANGE_ANSWER_MESSAGES.noOpenRequest, 'status');
      }
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: how === 'answered' ? CHANGE_ANSWERED_EVENT : CHANGE_DECLINED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: adminActor(admin),
        data: { message: input.text },
      });
      const link = await this.options.links.emailLink(manager, orderId);
      const emailOptions = { publicUrl: this.options.publicUrl, orderUrl: link.url };
      await this.outbox.enqueue(
        manager,
        how === 'answered'
          ? changeAnsweredOutboxEmail(order, input.text, emailOptions)
          : changeDeclinedOutboxEmail(order, input.text, emailOptions),
      );
      this.logger.info(`change request ${how}`, { orderId, by: admin.id });
      return succeed(order);
    });
  }
}
