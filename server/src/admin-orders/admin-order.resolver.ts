import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { refuse, UserErrorCode } from '../common/user-error';
import { valueOrBadInput } from '../graphql/payload';
import type { Context } from '../graphql/context';
import { OutboxEmail } from '../mail/outbox-email.entity';
import type { MediaSigner } from '../media/signed-url';
import { OrderEvent } from '../orders/order-event.entity';
import { Order } from '../orders/order.entity';
import type { OrderService } from '../checkout/order.service';
import { CheckoutSibling } from '../checkout/checkout.types';
import { OrderConnection, OrderTotal } from './order-connection.types';
import type { AdminOrdersService } from './admin-orders.service';
import { DEFAULT_TOTAL_UP_TO, MAX_TOTAL_UP_TO, OrdersArgs, TOTAL_MESSAGES } from './orders.args';
import { AppliedDiscount } from '../discounts/discount-code.types';
import type { DiscountCodes } from '../discounts/discount-codes.service';

/** The admin's view of orders. Every field here needs a signed-in admin. */
@Resolver(() => Order)
export class AdminOrderResolver {
  private readonly orderService: OrderService;
  private readonly adminOrders: AdminOrdersService;
  private readonly signer: MediaSigner;
  private readonly discounts: DiscountCodes;

  constructor(services: {
    orders: OrderService;
    adminOrders: AdminOrdersService;
    signer: MediaSigner;
    discounts: DiscountCodes;
  }) {
    this.discounts = services.discounts;
    this.orderService = services.orders;
    this.adminOrders = services.adminOrders;
    this.signer = services.signer;
  }

  @Authorized()
  @Query(() => OrderConnection, { description: 'Orders, newest first, with cursor pagination.' })
  async orders(@Args(() => OrdersArgs) args: OrdersArgs): Promise<OrderConnection> {
    return valueOrBadInput(await this.adminOrders.listOrders(args));
  }

  @Authorized()
  @Query(() => Order, { nullable: true })
  order(@Arg('id', () => ID) id: string): Promise<Order | null> {
    return this.orderService.findOrder(id);
  }

  @Authorized()
  @FieldResolver(() => AppliedDiscount, {
    nullable: true,
    description: "The discount code the parent applied, and what it took off the catalogue's price; null when none.",
  })
  async discount(@Root() order: Order): Promise<AppliedDiscount | null> {
    const applied = await this.discounts.forOrder(order.id);
    return applied ? { code: applied.code, amountCents: applied.amountCents } : null;
  }

  @Authorized()
  @FieldResolver(() => [CheckoutSibling], {
    description: 'The other books bought in the same checkout (one payment paid them all); empty for a book bought alone.',
  })
  checkoutBooks(@Root() order: Order): Promise<CheckoutSibling[]> {
    return this.orderService.checkoutSiblings(order);
  }

  @Authorized()
  @FieldResolver(() => String, { nullable: true, description: "A signed link to the child's photo that expires." })
  photoUrl(@Root() order: Order): string | null {
    return order.photoKey ? this.signer.url(order.photoKey) : null;
  }

  @Authorized()
  @FieldResolver(() => String, { nullable: true, description: 'A signed link to the finished video that expires.' })
  videoUrl(@Root() order: Order): string | null {
    return order.videoKey ? this.signer.url(order.videoKey) : null;
  }

  @Authorized()
  @FieldResolver(() => [OutboxEmail], { description: 'The e-mails sent, or queued, about this order.' })
  emails(@Root() order: Order, @Ctx() ctx: Context): Promise<OutboxEmail[]> {
    return ctx.loaders.orderEmails.load(order.id);
  }

  @Authorized()
  @FieldResolver(() => [OrderEvent], { description: 'What happened to the order, oldest first.' })
  events(@Root() order: Order, @Ctx() ctx: Context): Promise<OrderEvent[]> {
    return ctx.loaders.orderEvents.load(order.id);
  }
}

/** A page's total is counted only when a client selects it. */
@Resolver(() => OrderConnection)
export class OrderConnectionResolver {
  @Authorized()
  @FieldResolver(() => Int, {
    description:
      'Orders matching the filter, across all pages; always exact. Without a search it is read from per-status ' +
      'counts kept as orders change; with one it counts the matches, quickly for three characters or more ' +
      '(shorter searches read every order). Ask only when shown.',
  })
  totalCount(@Root() connection: OrderConnection): Promise<number> {
    return connection.countTotal();
  }

  @Authorized()
  @FieldResolver(() => OrderTotal, {
    description:
      'Orders matching the filter, across all pages, counted up to `upTo` (1 to 100,000): for a search that matches ' +
      'more, `exact` is false and `count` is `upTo`. Without a search, or for a search of at most 1,000 matches ' +
      '(read whole for its page), the count is exact whatever `upTo`. What the dashboard shows; it stays fast ' +
      'however many orders match.',
  })
  total(
    @Root() connection: OrderConnection,
    @Arg('upTo', () => Int, { defaultValue: DEFAULT_TOTAL_UP_TO }) upTo: number,
  ): Promise<OrderTotal> {
    if (!Number.isInteger(upTo) || upTo < 1 || upTo > MAX_TOTAL_UP_TO) {
      return valueOrBadInput(refuse(UserErrorCode.INVALID_INPUT, TOTAL_MESSAGES.upTo, 'upTo'));
    }
    return connection.countUpTo(upTo);
  }
}
