/**
 * Refunds: an owner refunds an order in full or in part, or an extra charge the order picked up; and a
 * refund made in the provider's own dashboard reaches the order through the webhook. Every
 * refund is one `refunds` row, unique by the provider's refund id, so a refund seen twice (our
 * call, then its webhook) is recorded once.
 *
 * Order of operations, so that one admin action sends one request and nothing is lost:
 * 1. On the locked order row, a `requested` row is written for the payment (at most one open
 *    request per payment, a unique index says so): a second refund of the same payment at once
 *    finds it and is refused before the provider is asked.
 * 2. The provider is asked, outside any transaction, with a key naming that row and the row's
 *    id in the refund's metadata.
 * 3. On the locked order row again, the row takes the provider's refund id and status. Only a
 *    `succeeded` refund moves the order to Refunded (with the parent's e-mail); a `pending` one
 *    waits for the provider's webhook (`refund.updated` / `refund.failed`), which settles it. A
 *    refused request leaves nothing; a lost answer leaves the row `unconfirmed`, and the next
 *    attempt looks for the refund at the provider (by the row's id) before asking again, under
 *    a new key (a 500 is saved under the old one for a day). Every refund of the order is of
 *    what is left, which the provider never exceeds, so even a refund whose first attempt was
 *    still running at the provider cannot be made twice.
 * A refund that fails after the order was marked Refunded moves it back (refund_failed) and the
 * admin sees the failure with the provider's reason.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError, refusal } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { refundConfirmationOutboxEmail } from '../mail/templates/refund-confirmation';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { assertTransition, canTransition, OrderStatus, transitionRefusal } from '../orders/order-status';
import { claimPaymentEvent } from './payment-event-claim';
import {
  PaymentAccountError,
  type PaymentProvider,
  type ProviderRefund,
  RefundRefusedError,
  type WebhookAction,
} from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import { OPEN_REQUEST_STATUSES, Refund } from './refund.entity';
import { OrderEvent } from '../orders/order-event.entity';
import type { OrderLinks } from '../orders/order-access';
import { EXTRA_CHARGE_REFUNDED_EVENT, NEEDS_ATTENTION_EVENT, unresolvedCharges } from './payment-alerts';
import { firstInputError } from '../common/input-validation';
import { REFUND_REASON_MAX_CHARS, RefundReasonInput } from './refund-reason';
import { type Actor, actorLabel, webhookActor } from '../orders/actor';
import { lockExistingOrder } from '../orders/order-lock';
import { checkoutBooks, isCheckoutLead } from '../orders/checkout-books';
import type { EmailQueue } from '../orders/order-email';
import { formatAmount } from '../orders/order-format';

/** A `requested` row older than this lost its request (the process stopped mid-call): it may be tried again. */
export const REFUND_REQUEST_LEASE_MS = 5 * 60_000;

/** The settings that hold each provider's keys, as a refused refund names them. */
const PROVIDER_SETTINGS: Record<PaymentProvider['name'], string> = {
  stripe: 'STRIPE_SECRET_KEY',
  paypal: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
  sandbox: 'none are needed for the sandbox',
};

export const REFUND_MESSAGES = {
  orderNotFound: 'Order not found.',
  noPayment: 'This order has no payment to refund.',
  nothingLeft: 'Nothing is left to refund on this payment.',
  refusedByProvider: 'The payment provider would not make this refund: the payment may already have been refunded.',
  providerFailed: 'The refund could not be made just now. Nothing was refunded; please try again.',
  noAnswer:
    'The payment provider did not answer. Please try again: the refund is looked for at the provider first, so the parent is never refunded twice.',
  notSaved: 'The refund could not be saved. Please try again: the same refund is reused, so the parent is never refunded twice.',
  inProgress: 'A refund of this payment is already being made. Refresh the order in a moment.',
  pendingAtProvider:
    'A refund of this payment is waiting at the payment provider; the order moves to Refunded once the money has gone back.',
  accountRefused: (settings: string) =>
    `The payment provider refused the shop's API key or account, so nothing was refunded. Check the payment settings (${settings}) and try again.`,
  alertNotFound: 'This order has no unresolved extra charge with that payment id.',
  amountInvalid: 'Please enter an amount to refund of at least $0.01.',
  amountTooLarge: (left: string) => `Only ${left} is left to refund on this payment.`,
  earlierUnsettled: (amount: string) =>
    `An earlier refund of ${amount} on this payment has no answer from the provider yet: refund ${amount} again first (it is never made twice).`,
} as const;

/** The parent-facing words for the reason codes of a refund made in the provider's dashboard. */
export const PROVIDER_REASONS: Record<string, string> = {
  duplicate: 'You were charged twice for the same order.',
  requested_by_customer: 'You asked us for a refund.',
};

type RefundedAction = Extract<WebhookAction, { type: 'refunded' }>;

/** Statuses of money that went, or is going, back: what is left to refund excludes them. */
const COUNTED_STATUSES = new Set(['requested', 'unconfirmed', 'pending', 'succeeded']);
/** The refunds' amounts added up, in integer cents. */
export const sumCents = (rows: Pick<Refund, 'amountCents'>[]) => rows.reduce((sum, row) => sum + row.amountCents, 0);
/** What of a payment went back or is on its way: it is not refundable again. */
const countedCents = (rows: Refund[]) => sumCents(rows.filter((row) => COUNTED_STATUSES.has(row.status)));
/** A refund that will never take money back. */
const isFailed = (status: string) => status === 'failed' || status === 'canceled';

interface RefundTarget {
  order: Order;
  /** The provider that took the payment. */
  provider: PaymentProvider;
  paymentId: string;
  /** What the payment took, in integer cents. */
  takenCents: number;
  /** Part of what is left, in integer cents; all of it when absent. */
  amountCents?: number;
  reason: string;
  actor: Actor;
}

/** A check of the order under its row lock, in the refund's claiming transaction: throws a UserFacingError to refuse. */
export type RefundGuard = (locked: Order, manager: EntityManager) => void | Promise<void>;

/** How a refund request ended for the admin who made it. */
type RequestOutcome = Outcome<{ refund: Refund }>;

export class RefundService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly providers: PaymentProviders,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: EmailQueue,
    private readonly logger: Logger,
    private readonly links: OrderLinks,
  ) {}

  /**
   * Refunds what is left of the order's payment, or `amountCents` of it. All of it back moves the
   * order to Refunded once the provider says the money went back (at once, or through its webhook
   * when the refund is pending); part of it leaves the status as it is. Either way the parent is
   * e-mailed the amount and the reason.
   */
  async refundOrder(
    orderId: string,
    reasonInput: string,
    actor: Actor,
    amountCents?: number | null,
    /** Also asked of the locked order before anything is claimed; throws a UserFacingError to refuse. */
    guard?: RefundGuard,
  ): Promise<Outcome<Order>> {
    const input = new RefundReasonInput(reasonInput);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (amountCents !== undefined && amountCents !== null && (!Number.isSafeInteger(amountCents) || amountCents < 1)) {
      return refuse(UserErrorCode.INVALID_INPUT, REFUND_MESSAGES.amountInvalid, 'amountCents');
    }
    const { reason } = input;
    const order = await this.findOrder(orderId);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, REFUND_MESSAGES.orderNotFound, 'orderId');
    const refused = transitionRefusal(order.status, OrderStatus.Refunded);
    if (refused) return refusalOf(refused);
    if (!order.paymentId) return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.noPayment);
    const made = await this.requestRefund(
      {
        order,
        provider: this.providers.forOrder(order),
        paymentId: order.paymentId,
        takenCents: order.amountCents,
        amountCents: amountCents ?? undefined,
        reason,
        actor,
      },
      async (locked, manager) => {
        assertTransition(locked.status, OrderStatus.Refunded);
        await guard?.(locked, manager);
      },
    );
    if (!made.ok) return made;
    return succeed((await this.findOrder(order.id))!);
  }

  /** Refunds an extra charge in full; the order's status does not change, and its alert goes once the money went back. */
  async refundExtraCharge(orderId: string, paymentId: string, actor: Actor): Promise<Outcome<Order>> {
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
    // The charge may have come through another provider than the order's own payment.
    const provider = this.providers.get(alert.provider) ?? this.providers.forOrder(order);
    let taken: number;
    try {
      const verified = await provider.verifyPayment(paymentId);
      taken = verified?.status === 'succeeded' ? verified.amountReceivedCents : 0;
    } catch (error) {
      return this.providerError(error, provider, order.id, paymentId);
    }
    const made = await this.requestRefund({
      order,
      provider,
      paymentId,
      takenCents: taken,
      reason: 'Extra charge for an order that was already paid',
      actor,
    });
    if (!made.ok) return made;
    return succeed((await this.findOrder(order.id))!);
  }

  /**
   * The provider says a refund of a payment was made or changed (`charge.refunded`,
   * `refund.updated`, `refund.failed`), once per event. The payment's refunds are asked of the
   * provider and recorded as it reports them (ours already have their rows): the order moves to
   * Refunded once the money of its payment has all gone back (with the parent's e-mail), a
   * partial refund is a `partial_refund` event, a failed refund a `refund_failed` one (and an
   * order that was Refunded by it moves back), and a fully refunded extra charge resolves its alert.
   */
  async handleRefundWebhook(provider: PaymentProvider, action: RefundedAction): Promise<void> {
    const order = await this.orderForPayment(action.paymentId);
    if (!order) {
      this.logger.warn('refund webhook for a payment of no order', { eventId: action.eventId, paymentId: action.paymentId });
      return;
    }
    // Asked of the provider, not read from the event: the refunds and their ids as it records them now.
    const refunds = await provider.listRefunds(action.paymentId);
    const own = order.paymentId === action.paymentId;
    const verified = own ? null : await provider.verifyPayment(action.paymentId);
    const chargeCents = verified?.status === 'succeeded' ? verified.amountReceivedCents : 0;
    const shares = own ? await this.sharesOf(order, action.paymentId, refunds) : [{ orderId: order.id, refunds }];
    const actor = webhookActor(provider.name);
    await this.dataSource.transaction(async (manager) => {
      const claimed = await claimPaymentEvent(manager, {
        id: action.eventId,
        provider: provider.name,
        type: 'refund_changed',
        orderId: order.id,
      });
      if (!claimed) {
        this.logger.info('webhook event already handled', { eventId: action.eventId });
        return;
      }
      // Several books: all of the checkout's locked before any changes (refunding one moves the
      // studio's counters, which a change to the next one, holding its row, would wait for).
      if (shares.length > 1) await checkoutBooks(manager, order, true);
      for (const share of shares) {
        const locked = await lockExistingOrder(manager, share.orderId);
        // The order's own payment took its price (its share of a checkout's payment); an extra charge what it took.
        const takenCents = own ? locked.amountCents : chargeCents;
        const target = { order: locked, provider, paymentId: action.paymentId, takenCents, reason: action.reason ?? '', actor };
        const changed: Refund[] = [];
        for (const refund of share.refunds) {
          const row = await this.record(manager, target, refund, action.reason);
          if (row) changed.push(row);
        }
        await this.settle(manager, target, changed, action.reason);
      }
    });
  }

  /**
   * A payment's refunds by the book they refund, where one payment paid several books: each of
   * ours by its row (its provider id, or the reference sent with it); one made in the provider's
   * dashboard, which names no book, to the first book (the checkout's first order first) with that
   * much of its price left to refund. One larger than any book's share goes to the first order and
   * is logged as an error for an owner to settle by hand.
   */
  private async sharesOf(
    order: Order,
    paymentId: string,
    refunds: ProviderRefund[],
  ): Promise<Array<{ orderId: string; refunds: ProviderRefund[] }>> {
    const books = await this.dataSource.getRepository(Order).find({
      where: { paymentId },
      select: { id: true, checkoutId: true, amountCents: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (books.length <= 1) return [{ orderId: order.id, refunds }];
    books.sort((a, b) => Number(isCheckoutLead(b)) - Number(isCheckoutLead(a)));
    const rows = await this.dataSource.getRepository(Refund).find({ where: { paymentId } });
    const left = new Map(
      books.map((book) => [book.id, book.amountCents - countedCents(rows.filter((row) => row.orderId === book.id))]),
    );
    const byOrder = new Map<string, ProviderRefund[]>();
    for (const refund of refunds) {
      const row = rows.find((r) => r.providerRefundId === refund.refundId) ?? rows.find((r) => r.id === refund.reference);
      let orderId = row && books.some((book) => book.id === row.orderId) ? row.orderId : null;
      if (!orderId) {
        // Made in the provider's dashboard: the first book with that much of its price left.
        const room = isFailed(refund.status) ? books[0] : books.find((book) => left.get(book.id)! >= refund.amountCents);
        if (!room) {
          this.logger.error('refund larger than any one book of its payment: settle the books by hand', {
            paymentId,
            refundId: refund.refundId,
            amountCents: refund.amountCents,
          });
        }
        orderId = (room ?? books[0]!).id;
        if (!isFailed(refund.status)) left.set(orderId, left.get(orderId)! - refund.amountCents);
      }
      byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), refund]);
    }
    // In one order (by id) whatever order the refunds came in; the webhook locks the books first (checkoutBooks).
    return [...byOrder].sort(([a], [b]) => a.localeCompare(b)).map(([orderId, ofOrder]) => ({ orderId, refunds: ofOrder }));
  }

  /** What every refund of an order's payment has become, newest first (the admin's view). */
  async refundsOf(orderId: string): Promise<Refund[]> {
    return this.dataSource.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'DESC' } });
  }

  /**
   * Steps 1 to 3 of the header: claim the payment, ask the provider, record its answer.
   * `check` runs on the locked order before anything is claimed (a refused move throws).
   */
  private async requestRefund(target: RefundTarget, check?: RefundGuard): Promise<RequestOutcome> {
    const claimed = await this.claim(target, check);
    if (!claimed.ok) return claimed;
    const { row, resumed } = claimed.value;
    const { order, paymentId, provider } = target;

    let answer: ProviderRefund | null = null;
    try {
      // An earlier attempt lost its answer: the refund it may have made is found by the row's id.
      if (resumed) {
        const known = await this.dataSource.getRepository(Refund).find({ where: { paymentId } });
        const recorded = new Set(known.flatMap((r) => (r.providerRefundId ? [r.providerRefundId] : [])));
        answer = this.matchRefund(await provider.listRefunds(paymentId), row, recorded);
      }
      answer ??= await provider.refund({
        paymentId,
        amountCents: row.amountCents,
        currency: order.currency,
        idempotencyKey: row.idempotencyKey!,
        reason: target.reason,
        reference: row.id,
      });
    } catch (error) {
      if (error instanceof RefundRefusedError || error instanceof PaymentAccountError) {
        await this.dataSource.getRepository(Refund).delete({ id: row.id });
      } else {
        await this.dataSource.getRepository(Refund).update({ id: row.id }, { status: 'unconfirmed', updatedAt: new Date() });
      }
      return this.providerError(error, provider, order.id, paymentId);
    }

    try {
      const recorded = await this.dataSource.transaction(async (manager) => {
        const locked = await lockExistingOrder(manager, order.id);
        const lockedTarget = { ...target, order: locked };
        const changed = await this.record(manager, lockedTarget, answer!, target.reason, row.id);
        await this.settle(manager, lockedTarget, changed ? [changed] : [], target.reason);
        return manager.findOneByOrFail(Refund, { providerRefundId: answer!.refundId });
      });
      this.logger.info('refund made', {
        orderId: order.id,
        paymentId,
        refundId: answer.refundId,
        status: recorded.status,
        amountCents: recorded.amountCents,
        actor: actorLabel(target.actor),
      });
      if (isFailed(recorded.status)) return refuse(UserErrorCode.PAYMENT_FAILED, REFUND_MESSAGES.refusedByProvider);
      return succeed({ refund: recorded });
    } catch (error) {
      await this.dataSource
        .getRepository(Refund)
        .update({ id: row.id, status: 'requested' }, { status: 'unconfirmed', updatedAt: new Date() })
        .catch(() => undefined);
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('refund made at the provider but not saved; a retry finds it', {
        error,
        orderId: order.id,
        refundId: answer.refundId,
      });
      return refuse(UserErrorCode.INTERNAL_FAILURE, REFUND_MESSAGES.notSaved);
    }
  }

  /**
   * On the locked order: refuses while another request for the payment runs or a refund of it is
   * pending; takes back a request whose answer was lost (under a new key); or writes a new
   * `requested` row for what is left of the payment.
   */
  private async claim(target: RefundTarget, check?: RefundGuard): Promise<Outcome<{ row: Refund; resumed: boolean }>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const locked = await lockExistingOrder(manager, target.order.id);
        await check?.(locked, manager);
        const rows = await manager.find(Refund, { where: { paymentId: target.paymentId, orderId: target.order.id } });
        const now = new Date();
        const open = rows.find((row) => OPEN_REQUEST_STATUSES.includes(row.status));
        if (open?.status === 'requested' && now.getTime() - open.updatedAt.getTime() < REFUND_REQUEST_LEASE_MS) {
          return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.inProgress);
        }
        if (rows.some((row) => row.status === 'pending')) {
          return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.pendingAtProvider);
        }
        if (open && target.amountCents !== undefined && target.amountCents !== open.amountCents) {
          // The earlier request may have gone through: it is settled (or found) before any other amount is asked for.
          return refuse(
            UserErrorCode.WRONG_STATUS,
            REFUND_MESSAGES.earlierUnsettled(formatAmount(open.amountCents, target.order.currency)),
            'amountCents',
          );
        }
        if (open) {
          // A 500 is saved under the old key for a day: the next attempt goes under a new one.
          const idempotencyKey = `refund-${open.id}-${randomUUID().slice(0, 8)}`;
          await manager.update(Refund, { id: open.id }, { status: 'requested', idempotencyKey, updatedAt: now });
          return succeed({ row: Object.assign(open, { status: 'requested', idempotencyKey, updatedAt: now }), resumed: true });
        }
        const counted = countedCents(rows);
        const left = target.takenCents - counted;
        if (left <= 0) return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.nothingLeft, 'paymentId');
        if (target.amountCents !== undefined && target.amountCents > left) {
          return refuse(
            UserErrorCode.INVALID_INPUT,
            REFUND_MESSAGES.amountTooLarge(formatAmount(left, target.order.currency)),
            'amountCents',
          );
        }
        const amountCents = target.amountCents ?? left;
        const id = randomUUID();
        const row = manager.create(Refund, {
          id,
          orderId: target.order.id,
          provider: target.provider.name,
          providerRefundId: null,
          paymentId: target.paymentId,
          amountCents,
          reason: target.reason.slice(0, REFUND_REASON_MAX_CHARS),
          actor: actorLabel(target.actor),
          status: 'requested',
          idempotencyKey: `refund-${id}`,
          failureReason: null,
          createdAt: now,
          updatedAt: now,
        });
        await manager.insert(Refund, row);
        return succeed({ row, resumed: false });
      });
    } catch (error) {
      // The unique index on open requests: another request claimed the payment in the same instant.
      if ((error as { code?: string })?.code === '23505') return refuse(UserErrorCode.WRONG_STATUS, REFUND_MESSAGES.inProgress);
      return refusalOf(error);
    }
  }

  /** A provider refund among `refunds` that is this row's: by the reference sent with it, or (none sent) by amount. */
  private matchRefund(refunds: ProviderRefund[], row: Refund, recorded: Set<string>): ProviderRefund | null {
    const unrecorded = refunds.filter((refund) => !recorded.has(refund.refundId));
    return (
      unrecorded.find((refund) => refund.reference === row.id) ??
      unrecorded.find((refund) => refund.reference === null && refund.amountCents === row.amountCents) ??
      null
    );
  }

  /**
   * Records one provider refund: updates its row (found by the provider's id, or our open request
   * it answers, `ownRow` or found by its reference), or inserts one for a refund made elsewhere.
   * Returns the row when it is new or its status changed.
   */
  private async record(
    manager: EntityManager,
    target: RefundTarget,
    refund: ProviderRefund,
    reason: string | null,
    ownRow?: string,
  ): Promise<Refund | null> {
    let row = await manager.findOneBy(Refund, { providerRefundId: refund.refundId });
    if (row && ownRow && row.id !== ownRow) {
      // Already recorded on its own row: our request's row has nothing left to stand for.
      await manager.delete(Refund, { id: ownRow, providerRefundId: IsNull() });
    } else if (!row && ownRow) {
      const own = await manager.findOneBy(Refund, { id: ownRow });
      row = own?.providerRefundId === null ? own : null;
    } else if (!row) {
      const open = (await manager.find(Refund, { where: { paymentId: target.paymentId, orderId: target.order.id } })).filter(
        (r) => r.providerRefundId === null && OPEN_REQUEST_STATUSES.includes(r.status),
      );
      row = open.find((r) => this.matchRefund([refund], r, new Set()) !== null) ?? null;
    }
    const status = refund.status === 'requires_action' ? 'pending' : refund.status;
    if (row) {
      if (row.providerRefundId === refund.refundId && row.status === status) return null;
      const changes = {
        providerRefundId: refund.refundId,
        status,
        amountCents: refund.amountCents,
        failureReason: refund.failureReason,
        updatedAt: new Date(),
      };
      await manager.update(Refund, { id: row.id }, changes);
      return Object.assign(row, changes);
    }
    if (isFailed(status)) return null; // a refund made elsewhere that never took money: nothing to record
    const inserted = manager.create(Refund, {
      id: randomUUID(),
      orderId: target.order.id,
      provider: target.provider.name,
      providerRefundId: refund.refundId,
      paymentId: target.paymentId,
      amountCents: refund.amountCents,
      reason: reason?.slice(0, REFUND_REASON_MAX_CHARS) ?? null,
      actor: actorLabel(target.actor),
      status,
      idempotencyKey: null,
      failureReason: refund.failureReason,
    });
    await manager.insert(Refund, inserted);
    return inserted;
  }

  /** What is left of the order's own payment to refund: none without a payment. */
  async refundableCents(order: Pick<Order, 'id' | 'paymentId' | 'amountCents'>): Promise<number> {
    if (!order.paymentId) return 0;
    // The order's own share: a payment for several books refunds each book's price at most.
    const rows = await this.dataSource.getRepository(Refund).find({ where: { paymentId: order.paymentId, orderId: order.id } });
    const counted = countedCents(rows);
    return Math.max(0, order.amountCents - counted);
  }

  /**
   * What the changed refunds mean for the order, on its locked row: all of its payment's money
   * back moves it to Refunded with the parent's e-mail; a failed refund is recorded for the admin
   * (and moves a Refunded order back); money back short of all of it is a partial refund; an
   * extra charge all refunded resolves its alert.
   */
  private async settle(manager: EntityManager, target: RefundTarget, changed: Refund[], reason: string | null): Promise<void> {
    if (changed.length === 0) return;
    const { order, paymentId, actor } = target;
    const rows = await manager.find(Refund, { where: { paymentId, orderId: order.id } });
    const backCents = sumCents(rows.filter((row) => row.status === 'succeeded'));
    const full = target.takenCents > 0 && backCents >= target.takenCents;
    const newlyBack = changed.filter((row) => row.status === 'succeeded');

    for (const failed of changed.filter((row) => isFailed(row.status))) {
      const data = {
        paymentId,
        refundId: failed.providerRefundId,
        amountCents: failed.amountCents,
        failureReason: failed.failureReason,
      };
      this.logger.error('refund failed at the provider: the money is back in the shop balance', { orderId: order.id, ...data });
      if (paymentId === order.paymentId && order.status === OrderStatus.Refunded && !full) {
        await this.lifecycle.reopenAfterFailedRefund(manager, order.id, actor, data);
      } else {
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: 'refund_failed',
          fromStatus: null,
          toStatus: null,
          actor,
          data,
        });
      }
    }
    if (newlyBack.length === 0) return;

    if (paymentId !== order.paymentId) {
      if (full) await this.resolveExtraCharge(manager, order.id, paymentId, newlyBack.at(-1)!, actor);
      return;
    }
    // The parent hears of money back whoever made the refund: with the owner's words for the
    // shop's own, the provider's reason code in a parent's words for one made in its dashboard.
    const last = newlyBack.at(-1)!;
    const refundId = last.providerRefundId!;
    const ours = last.idempotencyKey !== null;
    const parentReason = ours ? last.reason : reason ? (PROVIDER_REASONS[reason] ?? null) : null;
    // What this refund sends back: after a partial refund, the rest.
    const amountCents = sumCents(newlyBack);
    if (full && canTransition(order.status, OrderStatus.Refunded)) {
      await this.lifecycle.transition(manager, order.id, {
        to: OrderStatus.Refunded,
        actor,
        data: { refundId, amountCents: backCents, reason: ours ? last.reason : reason },
        email: async (moved, tx) =>
          refundConfirmationOutboxEmail(
            moved,
            { refundId, amountCents, reason: parentReason },
            await this.links.emailOptions(tx, moved.id),
          ),
      });
      this.logger.info('order refunded', { orderId: order.id, refundId, amountCents: backCents, actor });
    } else if (!full) {
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: 'partial_refund',
        fromStatus: null,
        toStatus: null,
        actor,
        data: { paymentId, amountCents, amountRefundedCents: backCents },
      });
      await this.outbox.enqueue(
        manager,
        refundConfirmationOutboxEmail(
          order,
          { refundId, amountCents, reason: parentReason },
          await this.links.emailOptions(manager, order.id),
        ),
      );
      this.logger.info('order partly refunded', { orderId: order.id, amountCents, amountRefundedCents: backCents });
    }
  }

  /** How a provider call that did not give a refund ends for the admin. */
  private providerError(error: unknown, provider: PaymentProvider, orderId: string, paymentId: string): Outcome<never> {
    if (error instanceof RefundRefusedError) {
      this.logger.warn('provider refused a refund', { orderId, paymentId, code: error.code });
      return refuse(UserErrorCode.PAYMENT_FAILED, REFUND_MESSAGES.refusedByProvider);
    }
    if (error instanceof PaymentAccountError) {
      this.logger.error(
        error.isAuthentication ? 'payment provider refused the API key' : 'payment provider refused the shop account',
        {
          orderId,
          paymentId,
          code: error.code,
          detail: error.message,
        },
      );
      return refuse(UserErrorCode.PAYMENT_ACCOUNT_RESTRICTED, REFUND_MESSAGES.accountRefused(PROVIDER_SETTINGS[provider.name]));
    }
    this.logger.error('provider refund call failed; the next attempt looks for it first', { error, orderId, paymentId });
    return refuse(UserErrorCode.INTERNAL_FAILURE, REFUND_MESSAGES.noAnswer);
  }

  /** Records `extra_charge_refunded` once per payment: the alert is gone. */
  private async resolveExtraCharge(
    manager: EntityManager,
    orderId: string,
    paymentId: string,
    refund: Refund | null,
    actor: Actor,
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
      data: { paymentId, refundId: refund?.providerRefundId ?? null, amountCents: refund?.amountCents ?? null },
    });
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
