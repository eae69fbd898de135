/**
 * Orders: creation (validation, photo, then the row, its first access token and its event in one statement),
 * the parent's changes to a Pending order, the checkout summary for the token holder, and one
 * order or its events by id.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingFile, senderLeft } from '../media/incoming-file';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { bookPriceCents, CURRENCY, FAMILY_DISCOUNT, planFor } from '../catalogue/catalogue';
import type { Logger } from '../common/logger';
import { preparedStatement } from '../common/prepared-statements';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { discardUpload } from '../media/discard-upload';
import { processPhoto } from '../media/photo';
import type { Storage } from '../media/storage';
import type { Metrics } from '../observability/metrics';
import { newOrderToken, orderForToken } from '../orders/order-access';
import { OrderEvent } from '../orders/order-event.entity';
import { Order } from '../orders/order.entity';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { OrderStatus } from '../orders/order-status';
import type { CheckoutOrder, CheckoutSibling } from './checkout.types';
import type { CreateOrderInput } from './create-order.input';
import { type ValidOrder, validateOrderInput } from './order-validation';
import { orderReference } from '../orders/order-format';
import { lockExistingOrder, lockOrder } from '../orders/order-lock';
import type { DiscountCodes, PaymentStateOf } from '../discounts/discount-codes.service';
import { blankedBook, checkoutBooks, checkoutTotalCents, isCheckoutLead, pendingCheckoutBooks } from '../orders/checkout-books';
import { type Actor, CUSTOMER } from '../orders/actor';

export const CREATE_FAILED_MESSAGE = 'Failed to create order. Please try again.';

export const CHECKOUT_MESSAGES = {
  notFound: 'We could not find the checkout to add this book to. Please start again from the order form.',
  closed: 'This checkout has already been paid or cancelled, so its books can no longer change.',
  full: `One checkout holds at most ${FAMILY_DISCOUNT.maxBooks} books. Please pay for these first, then start a new order.`,
  paymentUnderWay: 'A payment for this checkout is already under way, so its books cannot change now.',
  paymentUnknown: 'We could not check the payment of this checkout just now. Please try again in a moment.',
  bookNotFound: 'That book is not part of this checkout.',
  failed: 'Failed to update the checkout. Please try again.',
} as const;

/** The checkout a new book joins: its first order and that order's checkout token. */
export interface CheckoutRef {
  orderId: string;
  checkoutToken: string;
}

export const UPDATE_ORDER_MESSAGES = {
  orderNotFound: 'We could not find this order. Please start again from the order form.',
  alreadyPaid: 'This order has already been paid.',
  cancelled: 'This order was cancelled.',
  failed: 'Failed to update the order. Please try again.',
} as const;

/** A new order, and the secret that lets the payment page read it (none for a book added to a checkout: the first order's stands for it). */
export interface CreatedOrder {
  orderId: string;
  checkoutToken: string | null;
  order: CheckoutOrder;
}

const PHOTO_READ_CHUNK = 1024 * 1024;

export class OrderService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    /** Photo bytes received and the time sharp takes on them. */
    private readonly metrics: Pick<Metrics, 'uploadReceived' | 'photoProcessed'>,
    /** The order's discount code, worked out again when the parent changes the book's price. */
    private readonly discounts: Pick<DiscountCodes, 'reprice'>,
    /** Whether a payment of the checkout is on its way: its books and prices must not change then. */
    private readonly paymentState: PaymentStateOf = async () => 'none',
  ) {}

  /**
   * A new Pending order at the catalogue price; with `addTo`, a book added to that checkout (its
   * first order and token), priced with the family discount, which every waiting book of the
   * checkout then takes too.
   */
  async createOrder(
    input: CreateOrderInput,
    childPhoto: Promise<IncomingFile>,
    addTo?: CheckoutRef | null,
  ): Promise<Outcome<CreatedOrder>> {
    const validation = validateOrderInput(input);
    if (!validation.ok) {
      discardUpload(childPhoto);
      return validation;
    }
    const joined = addTo ? await this.checkoutToJoin(addTo) : null;
    if (joined && !joined.ok) {
      discardUpload(childPhoto);
      return joined;
    }
    const valid = validation.value;
    const plan = planFor(valid.bookFormat);
    const lead = joined?.value ?? null;

    let photo;
    try {
      const upload = await childPhoto;
      // A parent's photo is in memory; a signed-in admin's is spooled to disk, and read back in
      // large pieces: the default 16 KB means hundreds of reads and callbacks for a phone's photo.
      photo = await processPhoto(upload.createReadStream({ highWaterMark: PHOTO_READ_CHUNK }), undefined, this.metrics);
    } catch (error) {
      if (error instanceof UserFacingError) return refusalOf(error);
      if (senderLeft(error)) {
        // The parent's request closed before its photo was read: nothing was made.
        this.logger.info('order not created: the request closed before its photo was read');
      } else {
        this.logger.error('photo upload failed', { error });
      }
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE, 'childPhoto');
    }

    const id = randomUUID();
    const photoKey = `photos/${id}.${photo.extension}`;
    try {
      await this.storage.put(photoKey, photo.data, photo.contentType);
    } catch (error) {
      this.logger.error('photo storage failed', { error, orderId: id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE);
    }

    try {
      const token = newOrderToken();
      const order = Object.assign(new Order(), {
        id,
        ...valid,
        status: OrderStatus.Pending,
        amountCents: plan.priceCents,
        currency: CURRENCY,
        photoKey,
        paidAt: null,
        checkoutId: null,
      });
      if (lead) {
        const added = await this.dataSource.transaction((manager) => this.addToCheckout(manager, lead.id, order, token));
        if (!added.ok) {
          await this.removePhoto(photoKey);
          return added;
        }
      } else {
        await insertNewOrder(this.dataSource.manager, order, token);
      }
      this.logger.info('order created', {
        orderId: id,
        bookFormat: order.bookFormat,
        amountCents: order.amountCents,
        ...(lead ? { checkoutId: lead.id } : {}),
      });
      // An added book is paid, priced and changed through its checkout's first order: it has no token of its own to hand out.
      return { ok: true, value: { orderId: id, checkoutToken: lead ? null : token.token, order: toCheckoutOrder(order) } };
    } catch (error) {
      // Nothing was committed; take the photo back out so a failed request leaves no file.
      await this.storage
        .delete(photoKey)
        .catch((cleanupError: unknown) => this.logger.error('photo cleanup failed', { error: cleanupError, photoKey }));
      this.logger.error('order insert failed', { error, orderId: id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE);
    }
  }

  /**
   * The first order of the checkout a book is to join, before the photo is touched: the token opens
   * it, it is still waiting for its payment, it has room, and no payment of it is on its way.
   * Asked again on its locked row when the book is inserted.
   */
  private async checkoutToJoin(ref: CheckoutRef): Promise<Outcome<Order>> {
    const lead = await this.findForCheckout(ref.orderId, ref.checkoutToken);
    if (!lead || !isCheckoutLead(lead)) return refuse(UserErrorCode.NOT_FOUND, CHECKOUT_MESSAGES.notFound, 'addTo');
    const open = await this.checkoutMayChange(lead);
    if (!open.ok) return open;
    const waiting = await pendingCheckoutBooks(this.dataSource.manager, lead);
    if (waiting.length >= FAMILY_DISCOUNT.maxBooks) return refuse(UserErrorCode.INVALID_INPUT, CHECKOUT_MESSAGES.full, 'addTo');
    return succeed(lead);
  }

  /** Why the checkout's books cannot change now (it is paid or cancelled, or a payment is on its way); ok when they can. */
  private async checkoutMayChange(lead: Order): Promise<Outcome<void>> {
    if (lead.status !== OrderStatus.Pending) return refuse(UserErrorCode.WRONG_STATUS, CHECKOUT_MESSAGES.closed, 'orderId');
    const state = await this.paymentState(lead.id);
    if (state === 'under_way') return refuse(UserErrorCode.WRONG_STATUS, CHECKOUT_MESSAGES.paymentUnderWay, 'orderId');
    if (state === 'unknown') return refuse(UserErrorCode.NOT_AVAILABLE, CHECKOUT_MESSAGES.paymentUnknown, 'orderId');
    return succeed(undefined);
  }

  /** Inserts `order` into the checkout of `leadId`, on its locked row, and prices every waiting book again. */
  private async addToCheckout(
    manager: EntityManager,
    leadId: string,
    order: Order,
    token: { id: string; tokenHash: string },
  ): Promise<Outcome<void>> {
    const lead = await lockExistingOrder(manager, leadId);
    if (lead.status !== OrderStatus.Pending) return refuse(UserErrorCode.WRONG_STATUS, CHECKOUT_MESSAGES.closed, 'addTo');
    // The waiting books' rows are locked before the new one is written: writing it holds the shop's
    // counts of orders by status until commit, which must not then wait for a book's row.
    const waiting = await pendingCheckoutBooks(manager, lead, true);
    if (waiting.length >= FAMILY_DISCOUNT.maxBooks) return refuse(UserErrorCode.INVALID_INPUT, CHECKOUT_MESSAGES.full, 'addTo');
    if (!lead.checkoutId) {
      await manager.update(Order, { id: lead.id }, { checkoutId: lead.id });
      lead.checkoutId = lead.id;
    }
    order.checkoutId = lead.id;
    order.amountCents = bookPriceCents(order.bookFormat, waiting.length + 1);
    await insertNewOrder(manager, order, token);
    await this.repriceCheckout(manager, lead, CUSTOMER);
    return succeed(undefined);
  }

  /**
   * Prices every waiting book of the checkout again for how many are waiting (the family discount),
   * less each one's discount code, on their locked rows; a book whose price changed records it.
   */
  private async repriceCheckout(manager: EntityManager, lead: Order, actor: Actor): Promise<void> {
    const waiting = await pendingCheckoutBooks(manager, lead, true);
    for (const book of waiting) {
      const priced = await this.discounts.reprice(manager, book.id, bookPriceCents(book.bookFormat, waiting.length));
      if (priced.amountCents === book.amountCents) continue;
      await manager.update(Order, { id: book.id }, { amountCents: priced.amountCents, updatedAt: new Date() });
      await this.lifecycle.recordEvent(manager, {
        orderId: book.id,
        type: 'order_updated',
        fromStatus: null,
        toStatus: null,
        actor,
        data: {
          fields: 'amountCents',
          amountCents: priced.amountCents,
          booksInCheckout: waiting.length,
          ...(priced.dropped ? { discountRemoved: priced.dropped } : {}),
        },
      });
    }
  }

  /**
   * The parent takes a book they added out of the checkout (the first order's token): it is
   * cancelled, its photo deleted, and the books left are priced again.
   */
  async removeCheckoutBook(orderId: string, checkoutToken: string, bookId: string): Promise<Outcome<CheckoutOrder>> {
    const lead = await this.findForCheckout(orderId, checkoutToken);
    if (!lead || !isCheckoutLead(lead)) return refuse(UserErrorCode.NOT_FOUND, UPDATE_ORDER_MESSAGES.orderNotFound, 'orderId');
    const open = await this.checkoutMayChange(lead);
    if (!open.ok) return open;
    try {
      const removed = await this.dataSource.transaction(async (manager): Promise<Outcome<Order>> => {
        const locked = await lockExistingOrder(manager, lead.id);
        if (locked.status !== OrderStatus.Pending) return refuse(UserErrorCode.WRONG_STATUS, CHECKOUT_MESSAGES.closed, 'orderId');
        // Every waiting book's row before anything changes: cancelling this one holds the shop's
        // counts of orders by status until commit, and pricing the others again must not then wait.
        await pendingCheckoutBooks(manager, locked, true);
        const book = isUuid(bookId) ? await lockOrder(manager, bookId) : null;
        if (!book || book.id === lead.id || book.checkoutId !== lead.id || book.status !== OrderStatus.Pending) {
          return refuse(UserErrorCode.NOT_FOUND, CHECKOUT_MESSAGES.bookNotFound, 'bookId');
        }
        await this.lifecycle.transition(manager, book.id, {
          to: OrderStatus.Cancelled,
          actor: CUSTOMER,
          data: { reason: 'removed from its checkout' },
        });
        // Nothing of the child stays behind: the details now, the photo file once this is committed.
        await manager.update(Order, { id: book.id }, blankedBook(new Date()));
        await this.repriceCheckout(manager, locked, CUSTOMER);
        return succeed(book);
      });
      if (!removed.ok) return removed;
      // A file that cannot be deleted now is left to the sweep of files no order references.
      if (removed.value.photoKey) await this.removePhoto(removed.value.photoKey);
      this.logger.info('book removed from its checkout', { orderId: removed.value.id, checkoutId: lead.id });
    } catch (error) {
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('checkout book removal failed', { error, orderId: lead.id, bookId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CHECKOUT_MESSAGES.failed);
    }
    return succeed((await this.checkoutSummary(orderId, checkoutToken))!);
  }

  /** The order behind a live access token (the checkout token is one); null when the id or the token is wrong. */
  async findForCheckout(orderId: string, checkoutToken: string): Promise<Order | null> {
    if (!isUuid(orderId) || !checkoutToken) return null;
    const order = await orderForToken(this.dataSource.manager, checkoutToken);
    return order?.id === orderId ? order : null;
  }

  /**
   * The parent submits the form again while the order is still Pending: the same order (same id,
   * same token) takes what was typed, validated exactly as a new order and priced from the
   * catalogue again. A null photo keeps the stored one; a new one replaces it, and the old file
   * goes once the change is committed.
   */
  async updatePendingOrder(
    orderId: string,
    checkoutToken: string,
    input: CreateOrderInput,
    childPhoto: Promise<IncomingFile> | null,
  ): Promise<Outcome<CreatedOrder>> {
    const checked = await this.checkPendingUpdate(input, orderId, checkoutToken);
    if (!checked.ok) {
      discardUpload(childPhoto);
      return checked;
    }
    const { valid, found } = checked.value;

    let newPhotoKey: string | null = null;
    if (childPhoto) {
      try {
        const photo = await processPhoto(
          (await childPhoto).createReadStream({ highWaterMark: PHOTO_READ_CHUNK }),
          undefined,
          this.metrics,
        );
        newPhotoKey = `photos/${found.id}-${randomUUID().slice(0, 8)}.${photo.extension}`;
        await this.storage.put(newPhotoKey, photo.data, photo.contentType);
      } catch (error) {
        if (error instanceof UserFacingError) return refusalOf(error);
        if (senderLeft(error))
          this.logger.info('order not changed: the request closed before its photo was read', { orderId: found.id });
        else this.logger.error('photo upload failed', { error, orderId: found.id });
        return refuse(UserErrorCode.INTERNAL_FAILURE, UPDATE_ORDER_MESSAGES.failed, 'childPhoto');
      }
    }

    try {
      const result = await this.dataSource.transaction(async (manager) => {
        // Locked and read again: a payment recorded meanwhile wins, and nothing is changed under it.
        const order = await lockExistingOrder(manager, found.id);
        const refusal = pendingRefusal(order);
        if (refusal) throw refusal;
        // Only a new format changes the price, and with it what a discount code takes off.
        const waiting = await pendingCheckoutBooks(manager, order);
        const priced =
          valid.bookFormat === order.bookFormat
            ? { amountCents: order.amountCents, dropped: null }
            : await this.discounts.reprice(manager, order.id, bookPriceCents(valid.bookFormat, waiting.length));
        const changed = changedFields(order, valid, priced.amountCents, newPhotoKey !== null);
        if (changed.length === 0) return { order, replacedPhoto: null };
        const changes: Partial<Order> = {
          ...valid,
          amountCents: priced.amountCents,
          currency: CURRENCY,
          updatedAt: new Date(),
          ...(newPhotoKey ? { photoKey: newPhotoKey } : {}),
          // A payment started for another amount cannot pay this one: the next visit starts a new one.
          ...(priced.amountCents !== order.amountCents ? { providerPaymentId: null } : {}),
        };
        await manager.update(Order, { id: order.id }, changes);
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: 'order_updated',
          fromStatus: null,
          toStatus: null,
          actor: CUSTOMER,
          data: {
            fields: changed.join(' '),
            amountCents: priced.amountCents,
            bookFormat: valid.bookFormat,
            ...(priced.dropped ? { discountRemoved: priced.dropped } : {}),
          },
        });
        return { order: Object.assign(new Order(), order, changes), replacedPhoto: newPhotoKey ? order.photoKey : null };
      });
      if (newPhotoKey && result.order.photoKey !== newPhotoKey) await this.removePhoto(newPhotoKey);
      if (result.replacedPhoto) await this.removePhoto(result.replacedPhoto);
      this.logger.info('pending order updated', { orderId: found.id });
      return succeed({ orderId: found.id, checkoutToken, order: toCheckoutOrder(result.order) });
    } catch (error) {
      if (newPhotoKey) await this.removePhoto(newPhotoKey);
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('pending order update failed', { error, orderId: found.id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, UPDATE_ORDER_MESSAGES.failed);
    }
  }

  /** The form's input, valid, and the Pending order the token opens; or why the update is refused. */
  private async checkPendingUpdate(
    input: CreateOrderInput,
    orderId: string,
    checkoutToken: string,
  ): Promise<Outcome<{ valid: ValidOrder; found: Order }>> {
    const validation = validateOrderInput(input);
    if (!validation.ok) return validation;
    const found = await this.findForCheckout(orderId, checkoutToken);
    if (!found) return refuse(UserErrorCode.NOT_FOUND, UPDATE_ORDER_MESSAGES.orderNotFound, 'orderId');
    const notPending = pendingRefusal(found);
    if (notPending) return refusalOf(notPending);
    return succeed({ valid: validation.value, found });
  }

  private async removePhoto(photoKey: string): Promise<void> {
    await this.storage.delete(photoKey).catch((error: unknown) => this.logger.error('photo cleanup failed', { error, photoKey }));
  }

  async checkoutSummary(orderId: string, checkoutToken: string): Promise<CheckoutOrder | null> {
    const order = await this.findForCheckout(orderId, checkoutToken);
    return order ? this.summaryOf(order) : null;
  }

  /** The other books of `order`'s checkout, first order first; none for a book bought alone. */
  async checkoutSiblings(order: Order): Promise<CheckoutSibling[]> {
    if (!order.checkoutId) return [];
    const books = await checkoutBooks(this.dataSource.manager, order);
    return books
      .filter((book) => book.id !== order.id)
      .map((book) => ({
        id: book.id,
        reference: orderReference(book.id),
        childName: book.childName,
        bookFormat: book.bookFormat,
        status: book.status,
        amountCents: book.amountCents,
        first: isCheckoutLead(book),
      }));
  }

  /** The payment page's view of `order`, with the books of its checkout when it is the first of several. */
  async summaryOf(order: Order): Promise<CheckoutOrder> {
    return toCheckoutOrder(order, isCheckoutLead(order) ? await checkoutBooks(this.dataSource.manager, order) : [order]);
  }

  async findOrder(id: string): Promise<Order | null> {
    if (!isUuid(id)) return null;
    return this.dataSource.getRepository(Order).findOneBy({ id });
  }

  /** The events of several orders in one query, oldest first, in the order of `orderIds`. */
  async eventsForOrders(orderIds: readonly string[]): Promise<OrderEvent[][]> {
    const events = await this.dataSource.getRepository(OrderEvent).find({
      where: { orderId: In([...orderIds]) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const byOrder = new Map(orderIds.map((id) => [id, [] as OrderEvent[]]));
    for (const event of events) byOrder.get(event.orderId)?.push(event);
    return orderIds.map((id) => byOrder.get(id) ?? []);
  }
}

/** Why a Pending order's form can no longer change it; null while it is Pending. */
function pendingRefusal(order: Order): UserFacingError | null {
  if (order.status === OrderStatus.Pending) return null;
  const message = order.status === OrderStatus.Cancelled ? UPDATE_ORDER_MESSAGES.cancelled : UPDATE_ORDER_MESSAGES.alreadyPaid;
  return new UserFacingError(UserErrorCode.WRONG_STATUS, message, 'status');
}

/** The names of what the form changes in the stored order; empty when the parent sent the same again. */
function changedFields(order: Order, valid: ValidOrder, amountCents: number, newPhoto: boolean): string[] {
  const changed: string[] = (Object.keys(valid) as Array<keyof ValidOrder>).filter(
    (key) => JSON.stringify(valid[key] ?? null) !== JSON.stringify(order[key] ?? null),
  );
  if (amountCents !== order.amountCents) changed.push('amountCents');
  if (newPhoto) changed.push('childPhoto');
  return changed;
}

/**
 * A new order, its first access token and its `created` event in one statement: atomic on its
 * own (the foreign keys are checked at its end), and one round trip to the database where a
 * transaction takes five (BEGIN, three INSERTs, COMMIT). A new order is the one write a parent's
 * photo upload waits on, so this is the shop's busiest insert: parsed once per connection.
 */
export const INSERT_NEW_ORDER_SQL = preparedStatement(
  'insert_new_order',
  `
  WITH new_order AS (
    INSERT INTO orders (id, child_name, child_age, moral, story_idea, dedication, email, book_format,
                        book_style, shipping_address, status, amount_cents, currency, photo_key, checkout_id,
                        gift_message, gift_delivery_date, gift_send_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $19, $20, $21, $22)
    RETURNING id, created_at, updated_at
  ), first_token AS (
    INSERT INTO order_access_tokens (id, order_id, token_hash)
    SELECT $15, id, $16 FROM new_order
  ), created_event AS (
    INSERT INTO order_events (id, order_id, type, from_status, to_status, actor, data)
    SELECT $17, id, 'created', NULL, $11, 'customer', $18 FROM new_order
  )
  SELECT created_at, updated_at FROM new_order`,
);

async function insertNewOrder(manager: EntityManager, order: Order, token: { id: string; tokenHash: string }): Promise<void> {
  const event = { amountCents: order.amountCents, currency: order.currency, bookFormat: order.bookFormat };
  const [row] = (await manager.query(INSERT_NEW_ORDER_SQL, [
    order.id,
    order.childName,
    order.childAge,
    order.moral,
    order.storyIdea,
    order.dedication,
    order.email,
    order.bookFormat,
    order.bookStyle,
    order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress),
    order.status,
    order.amountCents,
    order.currency,
    order.photoKey,
    token.id,
    token.tokenHash,
    randomUUID(),
    JSON.stringify(event),
    order.checkoutId,
    order.giftMessage,
    order.giftDeliveryDate,
    order.giftSendAt,
  ])) as Array<{ created_at: Date; updated_at: Date }>;
  order.createdAt = row!.created_at;
  order.updatedAt = row!.updated_at;
}

/**
 * The payment page's view of an order; `books` are its checkout's (the order alone unless it is
 * the first of several): the total is what the waiting ones cost together, or what the paid ones cost.
 */
export function toCheckoutOrder(order: Order, books: readonly Order[] = [order]): CheckoutOrder {
  // Waiting, the books waiting with it; paid, the books its payment paid.
  const together =
    order.status === OrderStatus.Pending
      ? books.filter((book) => book.status === OrderStatus.Pending)
      : books.filter((book) => order.paymentId !== null && book.paymentId === order.paymentId);
  const counted = together.some((book) => book.id === order.id) ? together : [order];
  const listCents = counted.reduce((sum, book) => sum + planFor(book.bookFormat).priceCents, 0);
  const familyCents = counted.reduce(
    (sum, book) => sum + planFor(book.bookFormat).priceCents - bookPriceCents(book.bookFormat, counted.length),
    0,
  );
  return {
    totalCents: checkoutTotalCents(counted),
    familyDiscountCents: familyCents,
    listTotalCents: listCents,
    books: counted.map((book) => ({
      id: book.id,
      reference: orderReference(book.id),
      bookFormat: book.bookFormat,
      title: planFor(book.bookFormat).title,
      childName: book.childName ?? '',
      moral: book.moral,
      listPriceCents: planFor(book.bookFormat).priceCents,
      amountCents: book.amountCents,
      added: book.id !== order.id,
    })),
    id: order.id,
    reference: orderReference(order.id),
    bookFormat: order.bookFormat,
    title: planFor(order.bookFormat).title,
    amountCents: order.amountCents,
    currency: order.currency,
    status: order.status,
    childName: order.childName ?? '',
    moral: order.moral,
    bookStyle: order.bookStyle,
    email: order.email,
    shippingAddress: order.shippingAddress,
    shippingIncluded: shippingIncluded(order.bookFormat),
    paidAt: order.paidAt,
    photoKey: order.photoKey,
  };
}

/** Printed books ship to the United States and Canada at no extra cost; a digital book is not shipped. */
export function shippingIncluded(bookFormat: Order['bookFormat']): boolean {
  return bookFormat === 'printed';
}
