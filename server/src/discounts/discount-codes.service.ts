/**
 * Discount codes: owners create and disable them; the parent applies one to a Pending order,
 * whose amount becomes the catalogue's price less the code's discount. A code with a limit on
 * uses is counted under its row lock: two checkouts applying a code's last use at the same moment
 * take turns, and the second is refused. An order holds its use while it waits for payment and
 * keeps it once paid; removing the code, or the order being cancelled unpaid, gives it back.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminUser } from '../admin/admin-user.entity';
import { checkoutIdOf, listPriceCents } from '../orders/checkout-books';
import type { Logger } from '../common/logger';
import { type Outcome, refuse, succeed, UserErrorCode } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { CUSTOMER } from '../orders/actor';
import { orderForToken } from '../orders/order-access';
import { formatAmount } from '../orders/order-format';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockExistingOrder } from '../orders/order-lock';
import { OrderStatus } from '../orders/order-status';
import { Order } from '../orders/order.entity';
import { DiscountCode } from './discount-code.entity';
import { type CreateDiscountCodeInput, DiscountCodeStatus, type DiscountCodeView } from './discount-code.types';
import { describeDiscount, discountCents, MAX_PERCENT_OFF, MIN_CHARGE_CENTS } from './discount-pricing';
import { OrderDiscount } from './order-discount.entity';

export const DISCOUNT_APPLIED_EVENT = 'discount_applied';
export const DISCOUNT_REMOVED_EVENT = 'discount_removed';

const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
const MAX_CENTS = 10_000_000;
const MAX_USES = 1_000_000;

export const DISCOUNT_MESSAGES = {
  // The owner's form.
  codeFormat: 'A code is 3 to 32 letters, digits, dashes or underscores.',
  oneKind: 'Give either a percentage or an amount off, not both.',
  percent: `A percentage off is a whole number from 1 to ${MAX_PERCENT_OFF}.`,
  amount: `An amount off is at least ${formatAmount(MIN_CHARGE_CENTS, 'USD')}, in whole cents.`,
  minimum: 'A minimum is zero or more, in whole cents.',
  maxUses: 'Maximum uses is a whole number of at least 1.',
  expiry: 'The expiry must be in the future.',
  duplicate: (code: string) => `There is already a code ${code}.`,
  notFound: 'That discount code does not exist.',
  // The payment page.
  enter: 'Please enter a discount code.',
  invalid: 'That discount code is not valid.',
  expired: 'That discount code has expired.',
  usedUp: 'That discount code has been used up.',
  lapsed: (code: string, price: string) =>
    `Discount code ${code} was used up while your order waited, so it no longer applies: the price is ${price}. Please check it, then pay.`,
  belowMinimum: (amount: string) => `That discount code is for books of ${amount} or more.`,
  orderNotFound: 'We could not find this order. Please start again from the order form.',
  paymentUnderWay: 'A payment for this order is already under way, so its price cannot change now.',
  paymentUnknown: 'We could not check the payment of this order just now. Please try again in a moment.',
  alreadyPaid: 'This order has already been paid.',
  cancelled: 'This order was cancelled.',
} as const;

/** What a parent typed, as codes are stored: trimmed, upper case. */
export function normalizeCode(raw: string): string {
  return typeof raw === 'string' ? raw.trim().toUpperCase() : '';
}

/** The owner's new code, checked field by field in the form's order; the first problem refuses it. */
export function checkNewCode(
  input: CreateDiscountCodeInput,
  now: Date,
): Outcome<Omit<DiscountCode, 'id' | 'createdAt' | 'createdById' | 'createdByEmail' | 'disabledAt'>> {
  const code = normalizeCode(input.code);
  if (!CODE_PATTERN.test(code)) return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.codeFormat, 'code');
  const percentOff = input.percentOff ?? null;
  const amountOffCents = input.amountOffCents ?? null;
  if ((percentOff === null) === (amountOffCents === null)) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.oneKind, percentOff === null ? 'percentOff' : 'amountOffCents');
  }
  if (percentOff !== null && !(Number.isInteger(percentOff) && percentOff >= 1 && percentOff <= MAX_PERCENT_OFF)) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.percent, 'percentOff');
  }
  if (
    amountOffCents !== null &&
    !(Number.isInteger(amountOffCents) && amountOffCents >= MIN_CHARGE_CENTS && amountOffCents <= MAX_CENTS)
  ) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.amount, 'amountOffCents');
  }
  const minimumCents = input.minimumCents ?? 0;
  if (!(Number.isInteger(minimumCents) && minimumCents >= 0 && minimumCents <= MAX_CENTS)) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.minimum, 'minimumCents');
  }
  const maxUses = input.maxUses ?? null;
  if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses >= 1 && maxUses <= MAX_USES)) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.maxUses, 'maxUses');
  }
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && !(expiresAt instanceof Date && expiresAt.getTime() > now.getTime())) {
    return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.expiry, 'expiresAt');
  }
  return succeed({ code, percentOff, amountOffCents, minimumCents, maxUses, expiresAt });
}

interface Uses {
  used: number;
  held: number;
}

/**
 * How long an unpaid order holds its code's use after the code was applied, or its payment last
 * started: an abandoned checkout, or one made only to take a code's uses, gives them back. The
 * order's next payment start takes the use again while there is one (renewHold).
 */
export const HOLD_HOURS = 24;

/** An order that holds a use of its code: paid (whatever happened since), or waiting for payment since a recent hold. */
const HOLDS_USE = `(o.paid_at IS NOT NULL OR (o.status = '${OrderStatus.Pending}' AND d.applied_at > $HOLD_SINCE))`;
const holdsUse = (param: number) => HOLDS_USE.replace('$HOLD_SINCE', `$${param}`);
const holdSince = (now: Date) => new Date(now.getTime() - HOLD_HOURS * 3600_000).toISOString();

/**
 * Whether money for an order may already be on its way at a payment provider (payments/ answers
 * it; it sits above this folder): 'under_way' or 'unknown' and the order's price must not change.
 */
export type PaymentStateOf = (orderId: string) => Promise<'none' | 'under_way' | 'unknown'>;

export class DiscountCodes {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    private readonly paymentState: PaymentStateOf = async () => 'none',
  ) {}

  /** Every code, newest first, with its uses. */
  async list(now = new Date()): Promise<DiscountCodeView[]> {
    const codes = await this.dataSource.manager.find(DiscountCode, { order: { createdAt: 'DESC', id: 'DESC' } });
    const uses = await this.uses(
      codes.map((code) => code.id),
      now,
    );
    return codes.map((code) => toView(code, uses.get(code.id), now));
  }

  async create(admin: AdminUser, input: CreateDiscountCodeInput, now = new Date()): Promise<Outcome<DiscountCodeView>> {
    const checked = checkNewCode(input, now);
    if (!checked.ok) return checked;
    const id = randomUUID();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(DiscountCode)
      .values({ id, ...checked.value, createdById: admin.id, createdByEmail: admin.email, disabledAt: null })
      .orIgnore()
      .execute();
    const stored = await this.dataSource.manager.findOneByOrFail(DiscountCode, { code: checked.value.code });
    if (stored.id !== id) return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.duplicate(stored.code), 'code');
    this.logger.info('discount code created', { discountCodeId: id, code: stored.code, adminId: admin.id });
    return succeed(toView(stored, undefined, now));
  }

  /** Parents can no longer apply it; orders that already carry it keep it. Disabling twice changes nothing. */
  async disable(admin: AdminUser, id: string, now = new Date()): Promise<Outcome<DiscountCodeView>> {
    if (!isUuid(id)) return refuse(UserErrorCode.NOT_FOUND, DISCOUNT_MESSAGES.notFound, 'id');
    const code = await this.dataSource.manager.findOneBy(DiscountCode, { id });
    if (!code) return refuse(UserErrorCode.NOT_FOUND, DISCOUNT_MESSAGES.notFound, 'id');
    if (!code.disabledAt) {
      await this.dataSource
        .createQueryBuilder()
        .update(DiscountCode)
        .set({ disabledAt: now })
        .where('id = :id AND disabled_at IS NULL', { id })
        .execute();
      this.logger.info('discount code disabled', { discountCodeId: id, code: code.code, adminId: admin.id });
    }
    const stored = await this.dataSource.manager.findOneByOrFail(DiscountCode, { id });
    return succeed(toView(stored, (await this.uses([id], now)).get(id), now));
  }

  /**
   * The parent's code on their Pending order (the checkout token's): the order's amount becomes
   * the book's price less the discount. A second code replaces the first; the same code again
   * changes nothing.
   */
  async apply(orderId: string, checkoutToken: string, rawCode: string, now = new Date()): Promise<Outcome<Order>> {
    const code = normalizeCode(rawCode);
    if (!code) return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.enter, 'code');
    const settled = await this.priceMayChange(orderId, checkoutToken);
    if (!settled.ok) return settled;
    return this.dataSource.transaction(async (manager) => {
      const found = await this.pendingOrder(manager, orderId, checkoutToken);
      if (!found.ok) return found;
      const order = found.value;
      // Locked: another checkout taking this code's last use waits here, then counts this one's.
      const row =
        code.length <= 32 ? await manager.findOne(DiscountCode, { where: { code }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!row || row.disabledAt) return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.invalid, 'code');
      if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
        return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.expired, 'code');
      }
      const current = await manager.findOneBy(OrderDiscount, { orderId: order.id });
      if (current?.discountCodeId === row.id) return succeed(order);
      // The book's price in its checkout (the family discount first), then the code.
      const priceCents = await listPriceCents(manager, order);
      if (priceCents < row.minimumCents) {
        const minimum = formatAmount(row.minimumCents, order.currency);
        return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.belowMinimum(minimum), 'code');
      }
      if (row.maxUses !== null && (await this.usesHeld(manager, row.id, order.id, now)) >= row.maxUses) {
        return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.usedUp, 'code');
      }
      const off = discountCents(row, priceCents);
      if (off <= 0) return refuse(UserErrorCode.INVALID_INPUT, DISCOUNT_MESSAGES.invalid, 'code');
      if (current) await manager.delete(OrderDiscount, { orderId: order.id });
      await manager.insert(OrderDiscount, { orderId: order.id, discountCodeId: row.id, code: row.code, amountCents: off });
      const amountCents = priceCents - off;
      // A payment already started for the old amount is replaced by its provider at the next start.
      await manager.update(Order, { id: order.id }, { amountCents, updatedAt: now });
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: DISCOUNT_APPLIED_EVENT,
        fromStatus: null,
        toStatus: null,
        actor: CUSTOMER,
        data: { code: row.code, discountCents: off, amountCents, ...(current ? { replaced: current.code } : {}) },
      });
      this.logger.info('discount code applied', { orderId: order.id, discountCodeId: row.id, discountCents: off });
      return succeed(Object.assign(new Order(), order, { amountCents, updatedAt: now }));
    });
  }

  /** Takes the code off the parent's Pending order: the book's full price again, and the use given back. */
  async remove(orderId: string, checkoutToken: string, now = new Date()): Promise<Outcome<Order>> {
    const settled = await this.priceMayChange(orderId, checkoutToken);
    if (!settled.ok) return settled;
    return this.dataSource.transaction(async (manager) => {
      const found = await this.pendingOrder(manager, orderId, checkoutToken);
      if (!found.ok) return found;
      const order = found.value;
      const current = await manager.findOneBy(OrderDiscount, { orderId: order.id });
      if (!current) return succeed(order);
      const amountCents = await this.takeOff(manager, order, current, now);
      return succeed(Object.assign(new Order(), order, { amountCents, updatedAt: now }));
    });
  }

  /**
   * The order's amount for a new book price (the parent changed the format), in the caller's
   * transaction on the locked order: the price less its code's discount, worked out again; a code
   * whose minimum the new price no longer meets comes off (`dropped` names it).
   */
  async reprice(
    manager: EntityManager,
    orderId: string,
    priceCents: number,
  ): Promise<{ amountCents: number; dropped: string | null }> {
    const current = await manager.findOneBy(OrderDiscount, { orderId });
    if (!current) return { amountCents: priceCents, dropped: null };
    const code = await manager.findOneByOrFail(DiscountCode, { id: current.discountCodeId });
    let off = priceCents >= code.minimumCents ? discountCents(code, priceCents) : 0;
    // A code disabled or expired since it was applied keeps what it took, never more.
    const active = !code.disabledAt && !(code.expiresAt && code.expiresAt.getTime() <= Date.now());
    if (!active) off = Math.min(off, current.amountCents);
    if (off <= 0) {
      await manager.delete(OrderDiscount, { orderId });
      return { amountCents: priceCents, dropped: current.code };
    }
    if (off !== current.amountCents) await manager.update(OrderDiscount, { orderId }, { amountCents: off });
    return { amountCents: priceCents - off, dropped: null };
  }

  /** The code comes off the locked order: the book's full price again, in its history. Returns the new amount. */
  private async takeOff(
    manager: EntityManager,
    order: Order,
    current: OrderDiscount,
    now: Date,
    reason?: string,
  ): Promise<number> {
    await manager.delete(OrderDiscount, { orderId: order.id });
    const amountCents = await listPriceCents(manager, order);
    await manager.update(Order, { id: order.id }, { amountCents, updatedAt: now });
    await this.lifecycle.recordEvent(manager, {
      orderId: order.id,
      type: DISCOUNT_REMOVED_EVENT,
      fromStatus: null,
      toStatus: null,
      actor: CUSTOMER,
      data: { code: current.code, amountCents, ...(reason ? { reason } : {}) },
    });
    return amountCents;
  }

  /** The code on each of `orderIds` that carries one. */
  async forOrders(orderIds: readonly string[]): Promise<Map<string, OrderDiscount>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.dataSource.manager
      .createQueryBuilder(OrderDiscount, 'd')
      .where('d.order_id IN (:...ids)', { ids: [...orderIds] })
      .getMany();
    return new Map(rows.map((row) => [row.orderId, row]));
  }

  async forOrder(orderId: string): Promise<OrderDiscount | null> {
    return (await this.forOrders([orderId])).get(orderId) ?? null;
  }

  /**
   * Before a code changes the order's price: the token opens a Pending order, and no payment of
   * the old price is on its way (asked of the providers, outside any transaction). A payment that
   * still slips in between is refused when it is recorded, for not matching the order.
   */
  private async priceMayChange(orderId: string, checkoutToken: string): Promise<Outcome<void>> {
    const found = await this.pendingOrder(this.dataSource.manager, orderId, checkoutToken, false);
    if (!found.ok) return found;
    // The checkout's payment, started through its first order, pays this book too.
    const state = await this.paymentState(checkoutIdOf(found.value));
    if (state === 'under_way') return refuse(UserErrorCode.WRONG_STATUS, DISCOUNT_MESSAGES.paymentUnderWay, 'orderId');
    if (state === 'unknown') return refuse(UserErrorCode.NOT_AVAILABLE, DISCOUNT_MESSAGES.paymentUnknown, 'orderId');
    return succeed(undefined);
  }

  /** The Pending order the checkout token opens, locked (unless `lock` is false); or why the code cannot change it. */
  private async pendingOrder(
    manager: EntityManager,
    orderId: string,
    checkoutToken: string,
    lock = true,
  ): Promise<Outcome<Order>> {
    const opened = isUuid(orderId) && checkoutToken ? await orderForToken(manager, checkoutToken) : null;
    if (opened?.id !== orderId) return refuse(UserErrorCode.NOT_FOUND, DISCOUNT_MESSAGES.orderNotFound, 'orderId');
    const order = lock ? await lockExistingOrder(manager, orderId) : opened;
    if (order.status === OrderStatus.Pending) return succeed(order);
    const message = order.status === OrderStatus.Cancelled ? DISCOUNT_MESSAGES.cancelled : DISCOUNT_MESSAGES.alreadyPaid;
    return refuse(UserErrorCode.WRONG_STATUS, message, 'orderId');
  }

  /** How many orders other than `exceptOrderId` hold a use of the code. */
  private async usesHeld(manager: EntityManager, codeId: string, exceptOrderId: string, now: Date): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM order_discounts d JOIN orders o ON o.id = d.order_id
        WHERE d.discount_code_id = $1 AND d.order_id <> $2 AND ${holdsUse(3)}`,
      [codeId, exceptOrderId, holdSince(now)],
    )) as Array<{ n: number }>;
    return Number(row?.n ?? 0);
  }

  /**
   * Before the order's payment starts: an order whose hold on its code has lapsed takes a use again
   * if there is one, and loses the code if there is not (the price goes back to the book's; the
   * answer says so). Orders without a code, or with a fresh hold, are left as they are.
   */
  async renewHold(orderId: string, now = new Date()): Promise<Outcome<void>> {
    const current = await this.dataSource.manager.findOneBy(OrderDiscount, { orderId });
    if (!current || current.appliedAt.getTime() > now.getTime() - HOLD_HOURS * 3600_000) return succeed(undefined);
    return this.dataSource.transaction(async (manager) => {
      const order = await lockExistingOrder(manager, orderId);
      const held = await manager.findOneBy(OrderDiscount, { orderId });
      if (!held || order.status !== OrderStatus.Pending) return succeed(undefined);
      const code = await manager.findOne(DiscountCode, {
        where: { id: held.discountCodeId },
        lock: { mode: 'pessimistic_write' },
      });
      if (code && (code.maxUses === null || (await this.usesHeld(manager, code.id, orderId, now)) < code.maxUses)) {
        await manager.update(OrderDiscount, { orderId }, { appliedAt: now });
        return succeed(undefined);
      }
      const amountCents = await this.takeOff(manager, order, held, now, 'used up while the order waited');
      this.logger.info('discount code lapsed: used up while the order waited', { orderId, code: held.code });
      return refuse(
        UserErrorCode.WRONG_STATUS,
        DISCOUNT_MESSAGES.lapsed(held.code, formatAmount(amountCents, order.currency)),
        'orderId',
      );
    });
  }

  private async uses(codeIds: string[], now: Date): Promise<Map<string, Uses>> {
    if (codeIds.length === 0) return new Map();
    const placeholders = codeIds.map((_, index) => `$${index + 2}`).join(', ');
    const rows = (await this.dataSource.query(
      `SELECT d.discount_code_id AS id,
              count(*) FILTER (WHERE o.paid_at IS NOT NULL)::int AS used,
              count(*) FILTER (WHERE o.paid_at IS NULL)::int AS held
         FROM order_discounts d JOIN orders o ON o.id = d.order_id
        WHERE d.discount_code_id IN (${placeholders}) AND ${holdsUse(1)}
        GROUP BY d.discount_code_id`,
      [holdSince(now), ...codeIds],
    )) as Array<{ id: string; used: number; held: number }>;
    return new Map(rows.map((row) => [row.id, { used: Number(row.used), held: Number(row.held) }]));
  }
}

function toView(code: DiscountCode, uses: Uses | undefined, now: Date): DiscountCodeView {
  const { used, held } = uses ?? { used: 0, held: 0 };
  let status = DiscountCodeStatus.ACTIVE;
  if (code.disabledAt) status = DiscountCodeStatus.DISABLED;
  else if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) status = DiscountCodeStatus.EXPIRED;
  else if (code.maxUses !== null && used + held >= code.maxUses) status = DiscountCodeStatus.USED_UP;
  return {
    id: code.id,
    code: code.code,
    terms: describeDiscount(code),
    percentOff: code.percentOff,
    amountOffCents: code.amountOffCents,
    minimumCents: code.minimumCents,
    maxUses: code.maxUses,
    expiresAt: code.expiresAt,
    disabledAt: code.disabledAt,
    createdAt: code.createdAt,
    createdBy: code.createdByEmail,
    used,
    held,
    status,
  };
}
