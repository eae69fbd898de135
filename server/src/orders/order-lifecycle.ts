/**
 * The only code that changes an order's status. Inside the caller's transaction it locks the
 * order row, checks the move against the table in order-status.ts, writes the status with its
 * timestamp (and whatever the move carries, such as the payment id or the video), records the
 * `order_events` row, and queues the e-mail the move promises the parent. A refused move
 * throws the user's refusal, so the caller's transaction rolls back and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import type { EmailQueue, QueuedEmail } from './order-email';
import { type Actor, actorLabel } from './actor';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import { assertTransition, OrderStatus, STATUS_EVENT, STATUS_TIMESTAMP } from './order-status';
import { lockExistingOrder } from './order-lock';

export type EventData = OrderEvent['data'];

/** Columns a move may write besides the status and its timestamp. */
export type OrderPatch = Partial<
  Pick<Order, 'paymentId' | 'paymentProvider' | 'videoKey' | 'pdfKey' | 'shippingCarrier' | 'trackingNumber' | 'photoKey'>
>;

export type TargetStatus = keyof typeof STATUS_EVENT;

export interface Transition {
  to: TargetStatus;
  /** Who moves it: recorded with the event. */
  actor: Actor;
  patch?: OrderPatch;
  /** Kept with the event: what the move was about (payment id, file keys, carrier, ...). */
  data?: EventData;
  /** The e-mail this move promises the parent, made from the order as it now stands. */
  email?: (order: Order, manager: EntityManager) => Promise<QueuedEmail> | QueuedEmail;
}

/** Moves that promise the parent an e-mail: the lifecycle refuses to make one without it. */
const PROMISES_EMAIL: ReadonlySet<TargetStatus> = new Set([
  OrderStatus.Paid,
  OrderStatus.Completed,
  OrderStatus.Shipped,
  OrderStatus.Refunded,
] as const);

/** Statuses after which no carrier will call about the parcel. */
const NO_MORE_CARRIER: ReadonlySet<TargetStatus> = new Set([
  OrderStatus.Shipped,
  OrderStatus.Cancelled,
  OrderStatus.Refunded,
] as const);

/** The parent's phone is kept for the carrier only: once the book has shipped (or never will), it goes. */
function withoutCarrierPhone(order: Order, to: TargetStatus): Pick<Order, 'shippingAddress'> | Record<string, never> {
  const address = order.shippingAddress;
  if (!address?.phone || !NO_MORE_CARRIER.has(to)) return {};
  return { shippingAddress: { ...address, phone: null } };
}

/** Extra e-mails a move sends to others (the staff), made from the order as it now stands. */
export type Notifier = (order: Order) => QueuedEmail[];

/** One recorded step of an order's history, as listeners hear of it. */
export interface RecordedEvent {
  orderId: string;
  type: OrderEvent['type'];
}

/**
 * What else the shop keeps about an order and must follow its history (the studio's queue, the
 * staff's notes): called for every recorded event, after the order's changes, in its transaction.
 */
export type EventListener = (manager: EntityManager, event: RecordedEvent) => Promise<void>;

export class OrderLifecycle {
  private readonly notifiers = new Map<TargetStatus, Notifier[]>();
  private readonly listeners: EventListener[] = [];

  constructor(
    private readonly outbox: EmailQueue,
    private readonly logger: Logger,
  ) {}

  /** Also call `listener` for every event recorded about any order, in the event's transaction. */
  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Also queue `notify(order)`'s e-mails whenever an order enters `status`. */
  onEnter(status: TargetStatus, notify: Notifier): void {
    this.notifiers.set(status, [...(this.notifiers.get(status) ?? []), notify]);
  }

  /** Moves the order; `manager` must be the caller's transaction. Throws a UserFacingError when refused. */
  async transition(manager: EntityManager, orderId: string, move: Transition): Promise<Order> {
    if (PROMISES_EMAIL.has(move.to) && !move.email) {
      throw new Error(`Moving an order to ${move.to} promises the parent an e-mail, and none was given`);
    }
    const order = await lockExistingOrder(manager, orderId);
    assertTransition(order.status, move.to, order.bookFormat);
    const now = new Date();
    const changes = {
      ...move.patch,
      ...withoutCarrierPhone(order, move.to),
      status: move.to,
      [STATUS_TIMESTAMP[move.to]]: now,
      updatedAt: now,
    };
    await manager.update(Order, { id: order.id }, changes);
    const moved: Order = Object.assign(new Order(), order, changes);
    await this.recordEvent(manager, {
      orderId: order.id,
      type: STATUS_EVENT[move.to],
      fromStatus: order.status,
      toStatus: move.to,
      actor: move.actor,
      data: move.data ?? {},
    });
    if (move.email) await this.outbox.enqueue(manager, await move.email(moved, manager));
    for (const notify of this.notifiers.get(move.to) ?? []) {
      for (const email of notify(moved)) await this.outbox.enqueue(manager, email);
    }
    this.logger.info('order status changed', {
      orderId: order.id,
      from: order.status,
      to: move.to,
      actor: actorLabel(move.actor),
    });
    return moved;
  }

  /**
   * The provider reports that the refund which made the order Refunded failed after all (the
   * money is back with the shop): the order goes back to the status it was refunded from, so it
   * is never shown as Refunded when the parent was not refunded. Records `refund_failed` with
   * the move. A no-op for an order that is not Refunded.
   */
  async reopenAfterFailedRefund(manager: EntityManager, orderId: string, actor: Actor, data: EventData): Promise<Order> {
    const order = await lockExistingOrder(manager, orderId);
    if (order.status !== OrderStatus.Refunded) return order;
    const [refunded] = await manager.query(
      `SELECT from_status FROM order_events WHERE order_id = $1 AND to_status = $2 ORDER BY created_at DESC LIMIT 1`,
      [order.id, OrderStatus.Refunded],
    );
    const back = (refunded?.from_status as OrderStatus | undefined) ?? OrderStatus.Paid;
    const changes = { status: back, refundedAt: null, updatedAt: new Date() };
    await manager.update(Order, { id: order.id }, changes);
    await this.recordEvent(manager, {
      orderId: order.id,
      type: 'refund_failed',
      fromStatus: order.status,
      toStatus: back,
      actor,
      data,
    });
    this.logger.warn('refund failed: order no longer Refunded', { orderId: order.id, to: back, actor: actorLabel(actor) });
    return Object.assign(new Order(), order, changes);
  }

  /** Records something that happened to an order (a status move, a resent e-mail, a deleted photo), and tells the listeners. */
  async recordEvent(
    manager: EntityManager,
    { actor, ...event }: Pick<OrderEvent, 'orderId' | 'type' | 'fromStatus' | 'toStatus' | 'data'> & { actor: Actor },
  ): Promise<void> {
    await manager.insert(OrderEvent, manager.create(OrderEvent, { id: randomUUID(), ...event, actor: actorLabel(actor) }));
    for (const listener of this.listeners) await listener(manager, { orderId: event.orderId, type: event.type });
  }
}
