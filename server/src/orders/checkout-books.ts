/**
 * The books of one checkout: the first order and the books the parent added to it (`checkout_id`
 * names the first order). The first order stands for the checkout: its token opens the payment
 * page, its payment pays every book still waiting, and each book's price depends on how many
 * books are waiting together (the catalogue's family discount).
 */
import type { EntityManager } from 'typeorm';
import { bookPriceCents } from '../catalogue/catalogue';
import { Order } from './order.entity';
import { lockOrder } from './order-lock';
import { OrderStatus } from './order-status';

type CheckoutMember = Pick<Order, 'id' | 'checkoutId'>;

/** The id of the order that stands for `order`'s checkout. */
export function checkoutIdOf(order: CheckoutMember): string {
  return order.checkoutId ?? order.id;
}

/** Whether `order` stands for its checkout (the payment page, the payment) rather than being a book added to one. */
export function isCheckoutLead(order: CheckoutMember): boolean {
  return checkoutIdOf(order) === order.id;
}

/**
 * Every book of `order`'s checkout, the first order first, then in the order they were added;
 * with `lock`, their rows are locked (in that order) until the caller's transaction ends. Every
 * path that changes several books locks them so before changing any: a change of status holds
 * the shop's counts of orders by status until it commits, and must not then wait for a book.
 */
export async function checkoutBooks(manager: EntityManager, order: CheckoutMember, lock = false): Promise<Order[]> {
  const checkoutId = checkoutIdOf(order);
  // The first order's row before the others', even when a clock step made a book look older.
  if (lock && order.checkoutId) await lockOrder(manager, checkoutId);
  const books = await manager.find(Order, {
    where: order.checkoutId ? { checkoutId } : { id: order.id },
    order: { createdAt: 'ASC', id: 'ASC' },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  // The first order comes first even when a clock step made a book look older.
  return books.sort((a, b) => Number(b.id === checkoutId) - Number(a.id === checkoutId));
}

/** The books of the checkout still waiting for its payment. */
export async function pendingCheckoutBooks(manager: EntityManager, order: CheckoutMember, lock = false): Promise<Order[]> {
  return (await checkoutBooks(manager, order, lock)).filter((book) => book.status === OrderStatus.Pending);
}

/** The books added to `lead`'s checkout still waiting for its payment (not `lead` itself), locked with the first order's row. */
export async function lockAddedPendingBooks(manager: EntityManager, lead: CheckoutMember): Promise<Order[]> {
  return (await pendingCheckoutBooks(manager, lead, true)).filter((book) => book.id !== lead.id);
}

/** What the checkout's payment must be: the waiting books' prices added up, in integer cents. */
export function checkoutTotalCents(books: readonly Pick<Order, 'amountCents'>[]): number {
  return books.reduce((sum, book) => sum + book.amountCents, 0);
}

/**
 * What an order keeps once its child's details are deleted (the parent asked, or a waiting book
 * was taken out of its checkout): the details and the photo's key are blanked, and the caller
 * deletes the photo file once this is committed.
 */
export function blankedBook(now: Date): Partial<Order> {
  return {
    childName: null,
    childAge: null,
    storyIdea: '',
    dedication: null,
    giftMessage: null,
    shippingAddress: null,
    photoKey: null,
    childDataDeletedAt: now,
    updatedAt: now,
  };
}

/** A waiting book's price before any discount code, as its checkout stands now. */
export async function listPriceCents(manager: EntityManager, order: Order): Promise<number> {
  const waiting = await pendingCheckoutBooks(manager, order);
  return bookPriceCents(order.bookFormat, waiting.length);
}
