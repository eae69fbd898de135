/**
 * Payments for orders. The amount always comes from the order (the server's catalogue);
 * an order becomes Paid only when the provider itself says the payment succeeded for this
 * order's amount and currency. recordPayment (the browser) and the provider's webhook
 * both end in markPaid, which locks the order row, so paying twice, or a webhook arriving
 * before or after recordPayment, leaves one Paid order with one payment id.
 */
import type { ReceiptLinks } from '../orders/receipt-links';
import type { DataSource } from 'typeorm';
import { planFor } from '../catalogue/catalogue';
import type { Logger } from '../common/logger';
import {
  type Outcome,
  refusalOf,
  refuse,
  succeed,
  UserError,
  UserErrorCode,
  UserFacingError,
  refusal,
} from '../common/user-error';
import { orderConfirmationOutboxEmail } from '../mail/templates/order-confirmation';
import type { OrderLinks } from '../orders/order-access';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderService } from '../checkout/order.service';
import { assertTransition, OrderStatus } from '../orders/order-status';
import type { CheckoutOrder } from '../checkout/checkout.types';
import { PaymentAccountError, type PaymentProvider, type VerifiedPayment, type WebhookAction } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import { claimPaymentEvent } from './payment-event-claim';
import type { RefundService } from './refund.service';
import type { Metrics, PaymentOutcome } from '../observability/metrics';
import { type Actor, actorLabel, CUSTOMER, webhookActor } from '../orders/actor';
import { lockExistingOrder } from '../orders/order-lock';
import type { DiscountCodes } from '../discounts/discount-codes.service';
import { checkoutTotalCents, isCheckoutLead, pendingCheckoutBooks } from '../orders/checkout-books';

export const PAYMENT_MESSAGES = {
  orderNotFound: 'We could not find this order. Please start again from the order form.',
  alreadyPaid: 'This order has already been paid.',
  cancelled: 'This order was cancelled, so it can no longer be paid.',
  paymentNotFound: 'We could not find that payment.',
  notSucceeded: 'Your payment has not gone through yet.',
  mismatch: 'This payment does not match your order.',
  reused: 'This payment has already been used for another order.',
  notSandbox: 'Test cards can only be used in the payment sandbox.',
  providerUnavailable: 'That way to pay is not available in this shop.',
  paidWithCheckout: 'This book is paid together with the first book of its checkout: please pay on that page.',
  // The spec's wording for a problem with the shop's own payment account.
  accountRestricted:
    'PayPal account issue: Your PayPal business account has restrictions. Please check your PayPal account settings and verify your account.',
} as const;

/** What the payments started for an order are doing, as paymentState tells it. */
export type PaymentState = 'none' | 'under_way' | 'unknown';

/** A payment in these states has taken, or may yet take, the amount it was made for. */
const UNDER_WAY = new Set(['succeeded', 'processing', 'requires_action']);

export interface StartedPaymentResult {
  provider: PaymentProvider['name'];
  paymentId: string;
  clientSecret: string | null;
  publishableKey: string | null;
  amountCents: number;
  currency: string;
}

export class PaymentService {
  constructor(
    private readonly dataSource: DataSource,
    /** Every active provider: the checkout's takes new payments, each order's payment stays with its own. */
    readonly providers: PaymentProviders,
    private readonly orders: OrderService,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    private readonly links: OrderLinks,
    /** Refunds seen in the provider's webhook are recorded there. */
    private readonly refunds: Pick<RefundService, 'handleRefundWebhook'>,
    /** Payment outcomes by provider. */
    private readonly metrics: Pick<Metrics, 'payment'>,
    /** The receipt's own link, for the confirmation e-mail; without it the e-mail has none. */
    private readonly receiptLinks?: ReceiptLinks,
    /** A discount code's use, taken again before a payment starts when its hold has lapsed. */
    private readonly discountHolds?: Pick<DiscountCodes, 'renewHold'>,
  ) {}

  private count(provider: PaymentProvider, outcome: PaymentOutcome): void {
    this.metrics.payment(provider.name, outcome);
  }

  private async payableOrder(orderId: string, checkoutToken: string): Promise<Outcome<Order>> {
    const order = await this.orders.findForCheckout(orderId, checkoutToken);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.orderNotFound, 'orderId');
    if (order.status !== OrderStatus.Pending) return refuse(UserErrorCode.WRONG_STATUS, notPayable(order));
    if (!isCheckoutLead(order)) return refuse(UserErrorCode.WRONG_STATUS, PAYMENT_MESSAGES.paidWithCheckout, 'orderId');
    return succeed(order);
  }

  /** What the checkout of `order` (its first order) must be paid: its waiting books added up. */
  private async amountDue(order: Order): Promise<number> {
    return checkoutTotalCents(await pendingCheckoutBooks(this.dataSource.manager, order));
  }

  /**
   * Whether money for the order may already be on its way: a payment the shop started for it (its
   * five newest) has succeeded, is processing, or waits for the parent's last step (3-D Secure,
   * PayPal's approval). 'unknown' when a provider could not be asked. Its price must not change then.
   */
  async paymentState(orderId: string): Promise<PaymentState> {
    const attempts: Array<{ provider: string; payment_id: string }> = await this.dataSource.query(
      `SELECT provider, payment_id FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 5`,
      [orderId],
    );
    let state: PaymentState = 'none';
    for (const attempt of attempts) {
      const provider = this.providers.get(attempt.provider);
      if (!provider) continue;
      try {
        const verified = await provider.verifyPayment(attempt.payment_id);
        if (verified && UNDER_WAY.has(verified.status)) return 'under_way';
      } catch (error) {
        this.logger.warn('payment state unknown: the provider could not be asked', { error, orderId, provider: provider.name });
        state = 'unknown';
      }
    }
    return state;
  }

  /** The provider a payment is started or recorded with: the one named (it must be active), or `fallback`. */
  private chosenProvider(name: string | null | undefined, fallback: () => PaymentProvider): Outcome<PaymentProvider> {
    if (!name) return succeed(fallback());
    const named = this.providers.get(name);
    return named ? succeed(named) : refuse(UserErrorCode.NOT_AVAILABLE, PAYMENT_MESSAGES.providerUnavailable, 'provider');
  }

  async startPayment(
    orderId: string,
    checkoutToken: string,
    providerName?: string | null,
  ): Promise<Outcome<StartedPaymentResult>> {
    // Unnamed: the card form's provider (Stripe, or the sandbox), as the page has always asked.
    const chosen = this.chosenProvider(providerName, () => this.providers.checkout);
    if (!chosen.ok) return chosen;
    const found = await this.payableOrder(orderId, checkoutToken);
    if (!found.ok) return found;
    for (const book of await pendingCheckoutBooks(this.dataSource.manager, found.value)) {
      const held = await this.discountHolds?.renewHold(book.id);
      if (held && !held.ok) return held;
    }
    const order = found.value;
    // One payment for every waiting book of the checkout, named for the first order.
    const books = await pendingCheckoutBooks(this.dataSource.manager, order);
    const request = {
      orderId: order.id,
      amountCents: checkoutTotalCents(books),
      currency: order.currency,
      email: order.email,
      description: books.map((book) => `${planFor(book.bookFormat).title} for ${book.childName}`).join('; '),
    };
    const provider = chosen.value;
    // The card form's payment is remembered on the order and resumed; PayPal's buttons ask PayPal
    // for an order each time, under a PayPal-Request-Id that gives back the same one for a while.
    const cardForm = provider === this.providers.checkout;
    // A payment started with another provider (one since switched off) is not resumed with this one.
    const earlier = cardForm && order.paymentProvider === provider.name ? order.providerPaymentId : null;
    let started;
    try {
      // Resume the payment started earlier (another tab, another day) rather than open a second
      // one, unless it can no longer pay this order (canceled, or made for another amount): then a
      // new one replaces it, and the old one is never handed to the page again.
      started = earlier ? await provider.resumePayment(earlier, request) : null;
      started ??= await provider.createPayment({ ...request, replacing: earlier });
    } catch (error) {
      if (!(error instanceof PaymentAccountError)) throw error;
      return this.accountRefused(provider, error, order.id);
    }
    await this.dataSource.query(
      `INSERT INTO payment_attempts (provider, payment_id, order_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [provider.name, started.paymentId, order.id],
    );
    if (cardForm) {
      await this.dataSource
        .getRepository(Order)
        .update({ id: order.id }, { paymentProvider: provider.name, providerPaymentId: started.paymentId });
    }
    return succeed({
      provider: provider.name,
      paymentId: started.paymentId,
      clientSecret: started.clientSecret,
      publishableKey: provider.publishableKey,
      amountCents: request.amountCents,
      currency: order.currency,
    });
  }

  /**
   * The provider refused the shop's own account or API key: the operator reads why in the log (a
   * wrong key says which setting to fix), the customer the spec's account message.
   */
  private accountRefused(provider: PaymentProvider, error: PaymentAccountError, orderId: string): Outcome<never> {
    this.logger.error(
      error.isAuthentication ? 'payment provider refused the API key' : 'payment provider refused the shop account',
      { provider: provider.name, code: error.code, detail: error.message, orderId },
    );
    this.count(provider, 'account_restricted');
    return refuse(UserErrorCode.PAYMENT_ACCOUNT_RESTRICTED, PAYMENT_MESSAGES.accountRestricted);
  }

  /** The sandbox's test card form. */
  async confirmSandboxPayment(
    orderId: string,
    checkoutToken: string,
    paymentId: string,
    cardNumber: string,
  ): Promise<Outcome<void>> {
    if (!this.providers.all().some((provider) => provider.confirmTestCard)) {
      return refuse(UserErrorCode.NOT_AVAILABLE, PAYMENT_MESSAGES.notSandbox);
    }
    const found = await this.payableOrder(orderId, checkoutToken);
    if (!found.ok) return found;
    const provider = this.providers.all().find((candidate) => candidate.confirmTestCard);
    if (!provider?.confirmTestCard) return refuse(UserErrorCode.NOT_AVAILABLE, PAYMENT_MESSAGES.notSandbox);
    const verified = await provider.verifyPayment(paymentId);
    if (!verified || verified.orderId !== found.value.id) {
      return refuse(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound, 'paymentId');
    }
    const confirmed = await provider.confirmTestCard(paymentId, cardNumber);
    if (!confirmed.ok && confirmed.error.code === UserErrorCode.PAYMENT_DECLINED) this.count(provider, 'declined');
    return confirmed;
  }

  /**
   * The browser says it paid (or, with PayPal, that the parent approved): the provider takes the
   * money where the shop must capture it, then is asked, and the order is marked Paid only if it
   * agrees. `providerName` says whose payment it is when several are active.
   */
  async recordPayment(
    orderId: string,
    checkoutToken: string,
    paymentId: string,
    providerName?: string | null,
  ): Promise<Outcome<CheckoutOrder>> {
    const order = await this.orders.findForCheckout(orderId, checkoutToken);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.orderNotFound, 'orderId');
    if (order.status !== OrderStatus.Pending) {
      // Recording the same payment again is a no-op; another payment for a paid order is not.
      if (order.paymentId === paymentId) return succeed(await this.orders.summaryOf(order));
      return refuse(UserErrorCode.WRONG_STATUS, notPayable(order));
    }
    const chosen = this.chosenProvider(providerName, () => this.providers.forOrder(order));
    if (!chosen.ok) return chosen;
    const provider = chosen.value;
    if (!(await this.startedByShop(provider, paymentId, order.id))) {
      return refuse(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound, 'paymentId');
    }
    const due = await this.amountDue(order);
    let verified: VerifiedPayment | null;
    try {
      const captured = await this.capture(provider, order, paymentId, due);
      if (!captured.ok) return captured;
      verified = await provider.verifyPayment(paymentId);
    } catch (error) {
      if (!(error instanceof PaymentAccountError)) throw error;
      return this.accountRefused(provider, error, order.id);
    }
    const problem = this.checkPayment(order, due, verified);
    if (problem || !verified) {
      if (verified) this.count(provider, verified.status === 'succeeded' ? 'mismatch' : 'failed');
      return refusal(problem ?? new UserError(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound, 'paymentId'));
    }
    try {
      const paid = await this.markPaid(provider, order.id, verified, CUSTOMER);
      return succeed(await this.orders.summaryOf(paid));
    } catch (error) {
      if (error instanceof UserFacingError && error.code === UserErrorCode.PAYMENT_FAILED) this.count(provider, 'mismatch');
      return refusalOf(error);
    }
  }

  /**
   * Whether the shop itself started `paymentId` for the order, where the provider's browser SDK
   * could have made one payable to someone else (PayPal); always so for the other providers,
   * whose payments are created with the shop's secret key only.
   */
  private async startedByShop(provider: PaymentProvider, paymentId: string, orderId: string): Promise<boolean> {
    if (!provider.browserCreatesPayments) return true;
    const [row] = await this.dataSource.query(
      `SELECT 1 FROM payment_attempts WHERE provider = $1 AND payment_id = $2 AND order_id = $3`,
      [provider.name, paymentId, orderId],
    );
    return Boolean(row);
  }

  /**
   * Takes the money of an approved payment for a Pending order, where the provider leaves that to
   * the shop (PayPal); nothing to do for one that needs no capture, or that is already paid.
   */
  private async capture(provider: PaymentProvider, order: Order, paymentId: string, dueCents: number): Promise<Outcome<void>> {
    if (!provider.capturePayment || order.status !== OrderStatus.Pending) return succeed(undefined);
    const captured = await provider.capturePayment(paymentId, {
      orderId: order.id,
      amountCents: dueCents,
      currency: order.currency,
    });
    if (captured.ok) return succeed(undefined);
    if (captured.error.code === UserErrorCode.PAYMENT_DECLINED) this.count(provider, 'declined');
    return captured;
  }

  /** Handles a webhook action `provider` verified; each provider event id only once. */
  async handleWebhook(provider: PaymentProvider, action: WebhookAction): Promise<void> {
    if (action.type === 'ignored') {
      this.logger.debug('webhook ignored', { eventId: action.eventId, eventType: action.eventType });
      return;
    }
    if (action.type === 'refunded') return this.refunds.handleRefundWebhook(provider, action);
    const order = action.orderId ? await this.orders.findOrder(action.orderId) : null;
    if (!order || !(await this.startedByShop(provider, action.paymentId, order.id))) {
      this.logger.warn('webhook for an unknown order', { eventId: action.eventId, paymentId: action.paymentId });
      return;
    }
    // Approved but not captured (the parent closed the tab before the page recorded it): taken here.
    const due = await this.amountDue(order);
    const captured = await this.capture(provider, order, action.paymentId, due);
    if (!captured.ok) {
      this.logger.info('approved payment declined at capture', { orderId: order.id, paymentId: action.paymentId });
      return;
    }
    const verified = await provider.verifyPayment(action.paymentId);
    // Nothing was taken (approved but not captured, or declined): nothing to mark, nothing to refund.
    if (verified?.status !== 'succeeded') {
      this.logger.info('webhook for a payment that took no money', {
        orderId: order.id,
        paymentId: action.paymentId,
        status: verified?.status ?? 'not_found',
      });
      return;
    }
    const problem = order.status === OrderStatus.Pending ? this.checkPayment(order, due, verified) : null;
    if (problem) {
      await this.needsAttention(provider, order.id, action, problem.message, verified?.amountReceivedCents);
      return;
    }
    try {
      await this.markPaid(provider, order.id, verified, webhookActor(provider.name), action.eventId);
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      await this.needsAttention(provider, order.id, action, error.message, verified?.amountReceivedCents);
    }
  }

  /**
   * Money the provider took that cannot pay this order (a second charge for a paid order, or
   * one that does not match it): never silently dropped. The order's history records it for
   * the admin to refund, the log raises an error, and the event is not handled again.
   */
  private async needsAttention(
    provider: PaymentProvider,
    orderId: string,
    action: Extract<WebhookAction, { type: 'payment_succeeded' }>,
    reason: string,
    amountCents: number | undefined,
  ) {
    this.logger.error('payment needs attention: refund or resolve by hand', { orderId, paymentId: action.paymentId, reason });
    this.count(provider, 'needs_attention');
    await this.dataSource.transaction(async (manager) => {
      const event = { id: action.eventId, provider: provider.name, type: 'payment_needs_attention', orderId };
      if (!(await claimPaymentEvent(manager, event))) return;
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: 'payment_needs_attention',
        fromStatus: null,
        toStatus: null,
        actor: webhookActor(provider.name),
        data: { paymentId: action.paymentId, provider: provider.name, reason, amountCents: amountCents ?? null },
      });
    });
  }

  /** Why `verified` does not pay `order`'s checkout (`dueCents`, its waiting books together); null when it does. */
  private checkPayment(order: Order, dueCents: number, verified: VerifiedPayment | null): UserError | null {
    if (!verified) return new UserError(UserErrorCode.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound, 'paymentId');
    if (verified.status !== 'succeeded')
      return new UserError(UserErrorCode.PAYMENT_FAILED, PAYMENT_MESSAGES.notSucceeded, 'paymentId');
    const matches =
      verified.orderId === order.id &&
      verified.amountReceivedCents === dueCents &&
      verified.currency.toUpperCase() === order.currency.toUpperCase();
    if (!matches) {
      this.logger.warn('payment does not match its order', {
        orderId: order.id,
        paymentId: verified.paymentId,
        paymentOrderId: verified.orderId,
        amountReceivedCents: verified.amountReceivedCents,
        amountCents: dueCents,
        currency: verified.currency,
      });
      return new UserError(UserErrorCode.PAYMENT_FAILED, PAYMENT_MESSAGES.mismatch, 'paymentId');
    }
    return null;
  }

  /**
   * Pending -> Paid with its payment id, the event and the confirmation e-mail, for the order and
   * every book waiting in its checkout, in one transaction on their locked rows. Idempotent for
   * the same payment.
   */
  private async markPaid(
    provider: PaymentProvider,
    orderId: string,
    verified: VerifiedPayment,
    actor: Actor,
    eventId?: string,
  ): Promise<Order> {
    const { paymentId } = verified;
    let newlyPaid = false;
    const order = await this.dataSource.transaction(async (manager) => {
      if (eventId) {
        if (!(await claimPaymentEvent(manager, { id: eventId, provider: provider.name, type: 'payment_succeeded', orderId }))) {
          this.logger.info('webhook event already handled', { eventId });
          return manager.findOneByOrFail(Order, { id: orderId });
        }
      }
      const order = await lockExistingOrder(manager, orderId);
      if (order.status !== OrderStatus.Pending && order.paymentId === paymentId) return order;
      // A paid order is refused as such before anything about the payment itself.
      assertTransition(order.status, OrderStatus.Paid);
      const usedBy = await manager.findOneBy(Order, { paymentId });
      if (usedBy && usedBy.id !== order.id)
        throw new UserFacingError(UserErrorCode.PAYMENT_FAILED, PAYMENT_MESSAGES.reused, 'paymentId');
      // Checked again on the locked rows: the amount may have changed (a discount code, another
      // format, a book added or taken out) since the payment was checked against the order as it was read.
      const books = await pendingCheckoutBooks(manager, order, true);
      const mismatch = this.checkPayment(order, checkoutTotalCents(books), verified);
      if (mismatch) throw new UserFacingError(mismatch.code, mismatch.message, mismatch.field);
      let paid = order;
      for (const book of books) {
        const paidBook = await this.lifecycle.transition(manager, book.id, {
          to: OrderStatus.Paid,
          actor,
          patch: { paymentId, paymentProvider: provider.name },
          data: {
            paymentId,
            provider: provider.name,
            amountCents: book.amountCents,
            currency: book.currency,
            ...(books.length > 1 ? { checkoutId: order.id, booksInCheckout: books.length } : {}),
          },
          email: async (paidOrder, tx) =>
            orderConfirmationOutboxEmail(paidOrder, {
              ...(await this.links.emailOptions(tx, paidOrder.id)),
              receiptUrl: this.receiptLinks && `${this.links.publicUrl}${this.receiptLinks.path(paidOrder.id)}`,
            }),
        });
        if (book.id === order.id) paid = paidBook;
      }
      this.logger.info('order paid', {
        orderId: order.id,
        paymentId,
        actor: actorLabel(actor),
        ...(books.length > 1 ? { books: books.length } : {}),
      });
      newlyPaid = true;
      return paid;
    });
    // Counted once committed, and once per order: the browser and the webhook both end here.
    if (newlyPaid) this.count(provider, 'succeeded');
    return order;
  }
}

/** Why an order that is no longer Pending takes no payment: it was paid, or cancelled unpaid. */
function notPayable(order: Order): string {
  return order.status === OrderStatus.Cancelled && !order.paidAt ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.alreadyPaid;
}
