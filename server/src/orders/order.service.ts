/**
 * Orders: creation (validation, photo, row and event in one transaction), the checkout
 * summary for the token holder, and the admin list and detail.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { type DataSource, In } from 'typeorm';
import { CURRENCY, planFor } from '../catalogue/catalogue';
import type { Logger } from '../common/logger';
import { randomToken, sha256Hex } from '../common/tokens';
import { firstInputError } from '../common/input-validation';
import { type Outcome, refuse, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { processPhoto } from '../media/photo';
import type { Storage } from '../media/storage';
import { decodeCursor, encodeCursor } from './order-cursor';
import { applyOrderFilter } from './order-filter';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import type { OrderLifecycle } from './order-lifecycle';
import { OrderStatus } from './order-status';
import type { CheckoutOrder, OrderConnection } from './order.types';
import type { CreateOrderInput } from './create-order.input';
import { validateOrderInput } from './order-validation';
import type { OrdersArgs } from './orders.args';

export const CREATE_FAILED_MESSAGE = 'Failed to create order. Please try again.';

/** A new order, and the secret that lets the payment page read it. */
export interface CreatedOrder {
  orderId: string;
  checkoutToken: string;
  order: CheckoutOrder;
}

const DEFAULT_PAGE_SIZE = 20;

export class OrderService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  async createOrder(input: CreateOrderInput, childPhoto: Promise<FileUpload>): Promise<Outcome<CreatedOrder>> {
    const validation = validateOrderInput(input);
    if (!validation.ok) return validation;
    const valid = validation.value;
    const plan = planFor(valid.bookFormat);

    let photo;
    try {
      const upload = await childPhoto;
      photo = await processPhoto(upload.createReadStream());
    } catch (error) {
      if (error instanceof UserFacingError) return { ok: false, error: error.toUserError() };
      this.logger.error('photo upload failed', { error });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE, 'childPhoto');
    }

    const id = randomUUID();
    const checkoutToken = randomToken();
    const photoKey = `photos/${id}.${photo.extension}`;
    try {
      await this.storage.put(photoKey, photo.data, photo.contentType);
    } catch (error) {
      this.logger.error('photo storage failed', { error, orderId: id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE);
    }

    try {
      const order = await this.dataSource.transaction(async (manager) => {
        const created = manager.create(Order, {
          id,
          ...valid,
          status: OrderStatus.Pending,
          amountCents: plan.priceCents,
          currency: CURRENCY,
          photoKey,
          checkoutTokenHash: sha256Hex(checkoutToken),
        });
        await manager.insert(Order, created);
        await this.lifecycle.recordEvent(manager, {
          orderId: id,
          type: 'created',
          fromStatus: null,
          toStatus: OrderStatus.Pending,
          actor: 'customer',
          data: { amountCents: plan.priceCents, currency: CURRENCY, bookFormat: valid.bookFormat },
        });
        return created;
      });
      this.logger.info('order created', { orderId: id, bookFormat: order.bookFormat, amountCents: order.amountCents });
      return { ok: true, value: { orderId: id, checkoutToken, order: toCheckoutOrder(order) } };
    } catch (error) {
      // Nothing was committed; take the photo back out so a failed request leaves no file.
      await this.storage
        .delete(photoKey)
        .catch((cleanupError: unknown) => this.logger.error('photo cleanup failed', { error: cleanupError, photoKey }));
      this.logger.error('order insert failed', { error, orderId: id });
      return refuse(UserErrorCode.INTERNAL_FAILURE, CREATE_FAILED_MESSAGE);
    }
  }

  /** The order behind a checkout token; null when the id or the token is wrong. */
  async findForCheckout(orderId: string, checkoutToken: string): Promise<Order | null> {
    if (!isUuid(orderId) || !checkoutToken) return null;
    const order = await this.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .addSelect('o.checkoutTokenHash')
      .where('o.id = :orderId', { orderId })
      .getOne();
    if (!order) return null;
    const expected = Buffer.from(order.checkoutTokenHash, 'hex');
    const given = Buffer.from(sha256Hex(checkoutToken), 'hex');
    return timingSafeEqual(expected, given) ? order : null;
  }

  async checkoutSummary(orderId: string, checkoutToken: string): Promise<CheckoutOrder | null> {
    const order = await this.findForCheckout(orderId, checkoutToken);
    return order ? toCheckoutOrder(order) : null;
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

  /** Newest first, keyset-paginated on (created_at, id) so deep pages stay as fast as the first. */
  async listOrders(args: OrdersArgs): Promise<Outcome<OrderConnection>> {
    const invalid = firstInputError(args);
    if (invalid) return { ok: false, error: invalid };
    const first = args.first ?? DEFAULT_PAGE_SIZE;
    const cursor = args.after ? decodeCursor(args.after) : null;

    const filtered = applyOrderFilter(this.dataSource.getRepository(Order).createQueryBuilder('o'), args);

    const page = filtered.clone();
    if (cursor) {
      page.andWhere('(o.created_at, o.id) < (:cursorCreatedAt, :cursorId)', {
        cursorCreatedAt: cursor.createdAt,
        cursorId: cursor.id,
      });
    }
    const rows = await page
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(first + 1)
      .getMany();

    const nodes = rows.slice(0, first);
    const edges = nodes.map((node) => ({ node, cursor: encodeCursor(node) }));
    return {
      ok: true,
      value: {
        edges,
        pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
        countTotal: () => filtered.clone().getCount(),
      },
    };
  }
}

export function toCheckoutOrder(order: Order): CheckoutOrder {
  return {
    id: order.id,
    bookFormat: order.bookFormat,
    title: planFor(order.bookFormat).title,
    amountCents: order.amountCents,
    currency: order.currency,
    status: order.status,
    childName: order.childName,
  };
}
