/**
 * A paid book, corrected or cancelled by the parent from the order page while nobody has started
 * on it (paid-order-window.ts): the child's name, age and dedication and a printed book's address,
 * checked by the same rules as a new order; or cancelled, with the whole of its price refunded.
 * The window is checked again under the order's row lock, which every studio step also takes.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { CreateOrderInput } from '../checkout/create-order.input';
import { validateOrderInput } from '../checkout/order-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { CUSTOMER } from '../orders/actor';
import { orderForToken } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { Order, type ShippingAddress } from '../orders/order.entity';
import type { RefundService } from '../payments/refund.service';
import { ORDER_PAGE_MESSAGES } from './order-page.service';
import type { PaidOrderChangesInput } from './paid-order-changes.input';
import { PAID_CHANGE_MESSAGES, paidChangeWindowOf } from './paid-order-window';

export const DETAILS_CORRECTED_EVENT = 'details_corrected';
export const PARENT_CANCELLATION_REASON = 'Cancelled by the parent before our studio started on the book';

type Correctable = 'childName' | 'childAge' | 'dedication' | 'shippingAddress';

const ADDRESS_FIELDS: ReadonlyArray<keyof ShippingAddress> = [
  'fullName',
  'streetAddress',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'country',
  'phone',
];

/** Field by field: a stored address's keys come back in the database's order, and older ones lack the newer fields. */
function sameAddress(a: ShippingAddress | null, b: ShippingAddress | null): boolean {
  if (!a || !b) return !a && !b;
  return ADDRESS_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));
}

/** What the parent is told when the refund of a cancellation could not be made: the staff's details go to the log. */
export const CANCEL_FAILED =
  'We could not cancel your order just now, and nothing was refunded. Please try again in a moment, or contact us.';

/** The window, under the lock: a refusal thrown, so the caller's transaction changes nothing. */
async function assertWindowOpen(manager: EntityManager, order: Order, now: Date): Promise<void> {
  const window = await paidChangeWindowOf(manager, order, now);
  if (!window.open) throw new UserFacingError(UserErrorCode.WRONG_STATUS, window.whyNot ?? PAID_CHANGE_MESSAGES.notPaid, 'token');
}

export class PaidOrderChangesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly refunds: RefundService,
    private readonly logger: Logger,
  ) {}

  /** Corrects what the parent typed; returns the order's id. Nothing changed is not an error, and records nothing. */
  async correctDetails(token: string, input: PaidOrderChangesInput, now = new Date()): Promise<Outcome<string>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const order = await orderForToken(manager, token, true);
        if (!order) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
        await assertWindowOpen(manager, order, now);
        const checked = validateOrderInput(
          Object.assign(new CreateOrderInput(), {
            childName: input.childName,
            childAge: input.childAge,
            moral: order.moral,
            storyIdea: order.storyIdea,
            dedication: input.dedication,
            email: order.email,
            bookFormat: order.bookFormat,
            bookStyle: order.bookStyle,
            shippingAddress: input.shippingAddress ?? null,
          }),
        );
        if (!checked.ok) return checked;
        const wanted: Pick<Order, Correctable> = {
          childName: checked.value.childName,
          childAge: checked.value.childAge,
          dedication: checked.value.dedication,
          shippingAddress: checked.value.shippingAddress,
        };
        const changed = (Object.keys(wanted) as Correctable[]).filter((field) =>
          field === 'shippingAddress'
            ? !sameAddress(wanted.shippingAddress, order.shippingAddress)
            : (wanted[field] ?? null) !== (order[field] ?? null),
        );
        if (changed.length === 0) return succeed(order.id);
        await manager.update(
          Order,
          { id: order.id },
          { ...Object.fromEntries(changed.map((field) => [field, wanted[field]])), updatedAt: now },
        );
        await this.lifecycle.recordEvent(manager, {
          orderId: order.id,
          type: DETAILS_CORRECTED_EVENT,
          fromStatus: null,
          toStatus: null,
          actor: CUSTOMER,
          data: { fields: changed.join(',') },
        });
        this.logger.info('paid order corrected by the parent', { orderId: order.id, fields: changed });
        return succeed(order.id);
      });
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** Cancels the book with the whole of its price refunded (through the refunds, so the parent is e-mailed); returns its id. */
  async cancel(token: string, now = new Date()): Promise<Outcome<string>> {
    const order = await orderForToken(this.dataSource.manager, token);
    if (!order) return refuse(UserErrorCode.NOT_FOUND, ORDER_PAGE_MESSAGES.notFound, 'token');
    // Asked first without the lock, so a closed window is said as such; asked again under it below.
    const window = await paidChangeWindowOf(this.dataSource.manager, order, now);
    if (!window.open) return refuse(UserErrorCode.WRONG_STATUS, window.whyNot ?? PAID_CHANGE_MESSAGES.notPaid, 'token');
    let windowClosed = false;
    const refunded = await this.refunds.refundOrder(order.id, PARENT_CANCELLATION_REASON, CUSTOMER, null, (locked, manager) =>
      assertWindowOpen(manager, locked, now).catch((error: unknown) => {
        windowClosed = true;
        throw error;
      }),
    );
    if (!refunded.ok) {
      // Why the window is closed is the parent's to read; the refund's own refusals are written for the staff.
      if (windowClosed) return refunded;
      this.logger.warn('a cancellation by the parent could not be refunded', { orderId: order.id, error: refunded.error });
      return refuse(UserErrorCode.PAYMENT_FAILED, CANCEL_FAILED, 'token');
    }
    this.logger.info('paid order cancelled by the parent', { orderId: order.id });
    return succeed(order.id);
  }
}
