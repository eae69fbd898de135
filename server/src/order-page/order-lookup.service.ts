/**
 * "Find my order": a parent gives an e-mail address and, if the shop has orders for it, gets one
 * e-mail listing them with each order's link. The answer is the same whether or not the address
 * has orders, and past the per-address limit no e-mail goes (silently), so the form can neither
 * tell who is a customer nor flood an inbox; past the per-client limit the client is told to wait.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { checkClientLimits, type ClientRateLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import type { AdminUser } from '../admin/admin-user.entity';
import { isEmailAddress } from '../common/email';
import type { Logger } from '../common/logger';
import { type Outcome, refuse, succeed, UserErrorCode } from '../common/user-error';
import type { OutboxService } from '../mail/outbox.service';
import { orderLinksOutboxEmail } from '../mail/templates/order-links';
import type { OrderLinks } from '../orders/order-access';
import { Order } from '../orders/order.entity';
import { isUuid } from '../common/uuid';

export const ORDER_LOOKUP_MESSAGES = {
  invalidEmail: 'Please enter a valid e-mail address.',
} as const;

/** The most orders one e-mail lists (newest first); older ones are rarely what a parent is after. */
const MAX_ORDERS = 20;

export interface OrderLookupOptions {
  publicUrl: string;
  /** The order's e-mailed link. */
  links: OrderLinks;
  /** E-mails one address may be sent (past it: silently none), and lookups one client may make (past it: RATE_LIMITED). */
  limits: Pick<ClientRateLimits, 'orderLinksPerEmail' | 'orderLinksPerClient'>;
}

export class OrderLookupService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly limiter: RateLimiter,
    private readonly logger: Logger,
    private readonly options: OrderLookupOptions,
  ) {}

  /**
   * Queues the e-mail of links when there is anything to send and the address may get one; the
   * answer says nothing of either. `request` is the client, for its own limit (an admin has none).
   */
  async requestOrderLinks(email: string, request: { req: Request; admin(): Promise<AdminUser | null> }): Promise<Outcome<void>> {
    const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
    if (!isEmailAddress(address)) return refuse(UserErrorCode.INVALID_INPUT, ORDER_LOOKUP_MESSAGES.invalidEmail, 'email');
    const tooMany = await checkClientLimits(this.limiter, [this.options.limits.orderLinksPerClient], request);
    if (tooMany) return tooMany;
    return this.sendLinks(address);
  }

  /**
   * The same e-mail, to the address on order `orderId` (the payment page opened without its tab's
   * checkout token: in another tab, another browser, after a restart). The answer is the same
   * whether or not there is such an order; no order data reaches the asker.
   */
  async requestOrderLinksForOrder(
    orderId: string,
    request: { req: Request; admin(): Promise<AdminUser | null> },
  ): Promise<Outcome<void>> {
    const tooMany = await checkClientLimits(this.limiter, [this.options.limits.orderLinksPerClient], request);
    if (tooMany) return tooMany;
    const order = isUuid(orderId)
      ? await this.dataSource.manager.findOne(Order, { where: { id: orderId }, select: { email: true } })
      : null;
    if (!order) {
      this.logger.info('order links not sent: no such order');
      return succeed(undefined);
    }
    return this.sendLinks(order.email);
  }

  /** The e-mail of links for `address`, unless the address has had its share this hour (then silently none). */
  private async sendLinks(address: string): Promise<Outcome<void>> {
    if (!(await this.limiter.take(this.options.limits.orderLinksPerEmail, address))) {
      this.logger.info('order links not sent: too many for this address');
      return succeed(undefined);
    }
    const orders = await this.dataSource.getRepository(Order).find({
      where: { email: address },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: MAX_ORDERS,
    });
    const entries = [];
    for (const order of orders) {
      // Each order's link in a transaction of its own that holds nothing else: a payment writing
      // the links of several books at once never waits on this request while it waits on the payment.
      const link = await this.dataSource.transaction((manager) => this.options.links.emailLink(manager, order.id));
      entries.push({ ...order, url: link.url });
    }
    if (entries.length > 0) {
      await this.outbox.enqueue(this.dataSource.manager, orderLinksOutboxEmail(address, entries, randomUUID(), this.options));
    }
    const sent = entries.length;
    this.logger.info('order links requested', { orders: sent });
    return succeed(undefined);
  }
}
