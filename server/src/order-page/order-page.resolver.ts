import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { checkClientLimits, type ClientRateLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import { type Outcome, refuse, UserErrorCode } from '../common/user-error';
import type { Context } from '../graphql/context';
import { toPayload } from '../graphql/payload';
import { discardUpload } from '../media/discard-upload';
import type { MediaSigner } from '../media/signed-url';
import { CreateOrderInput } from '../checkout/create-order.input';
import type { OrderLookupService } from './order-lookup.service';
import type { OrderPageService } from './order-page.service';
import { PaidOrderChangesInput } from './paid-order-changes.input';
import type { PaidOrderChangesService } from './paid-order-changes.service';
import type { GiftDateService } from './gift-date.service';
import { OrderPage, OrderPagePayload, OrderReceipt, RenewOrderLinkPayload, RequestOrderLinksPayload } from './order-page.types';
import { ONE_ORDER_PER_REQUEST } from '../checkout/order.resolver';
import type { OrderService } from '../checkout/order.service';
import { CheckoutOrder, CreateOrderPayload } from '../checkout/checkout.types';

/** The parent's side of an order after the form: its private page, the lookup by e-mail, and what the page offers. */
@Resolver()
export class OrderPageResolver {
  private readonly orders: OrderService;
  private readonly pages: OrderPageService;
  private readonly lookup: OrderLookupService;
  private readonly paidChanges: PaidOrderChangesService;
  private readonly giftDates: GiftDateService;

  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;

  constructor(services: {
    orders: OrderService;
    orderPages: OrderPageService;
    orderLookup: OrderLookupService;
    paidOrderChanges: PaidOrderChangesService;
    giftDates: GiftDateService;
    rateLimiter: RateLimiter;
    rateLimits: ClientRateLimits;
  }) {
    this.orders = services.orders;
    this.pages = services.orderPages;
    this.lookup = services.orderLookup;
    this.paidChanges = services.paidOrderChanges;
    this.giftDates = services.giftDates;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Query(() => OrderPage, {
    nullable: true,
    description:
      "The parent's private order page; null when the token is unknown, altered or revoked. Also opens with a live " +
      'delivery link token (/video/{token}).',
  })
  orderPage(@Arg('token', () => String) token: string): Promise<OrderPage | null> {
    return this.pages.orderPage(token);
  }

  @Query(() => OrderReceipt, {
    nullable: true,
    description:
      "A paid order's receipt by its own link (OrderPage.receiptUrl: /receipt/{orderId}/{signature}); null for a signature that is not the order's, or an order not paid.",
  })
  receipt(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('signature', () => String) signature: string,
  ): Promise<OrderReceipt | null> {
    return this.pages.receiptFor(orderId, signature);
  }

  @Mutation(() => CreateOrderPayload, {
    description:
      "The draft's order again: while it is Pending, replaces what the parent entered (same id, same token, same price " +
      'rules). childPhoto null keeps the stored photo. Not Pending: WRONG_STATUS ("This order has already been paid." ' +
      'when Paid or later; "This order was cancelled." when Cancelled).',
  })
  async updatePendingOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('input', () => CreateOrderInput) input: CreateOrderInput,
    @Arg('childPhoto', () => GraphQLUpload, { nullable: true }) childPhoto: Promise<FileUpload> | null | undefined,
    @Ctx() ctx: Context,
  ): Promise<CreateOrderPayload> {
    // Counted with createOrder, and under its per-client limits: a resubmitted form costs what a new one does.
    const refused =
      ++ctx.ordersCreated > 1
        ? refuse(UserErrorCode.RATE_LIMITED, ONE_ORDER_PER_REQUEST)
        : await checkClientLimits(this.rateLimiter, this.rateLimits.createOrder, ctx);
    if (refused) discardUpload(childPhoto);
    const result = refused ?? (await this.orders.updatePendingOrder(orderId, checkoutToken, input, childPhoto ?? null));
    return toPayload(result, (updated) => updated, { orderId: null, checkoutToken: null, order: null });
  }

  @Mutation(() => RequestOrderLinksPayload, {
    description: "Always answers the same way for a well-formed address: e-mails the address its orders' links (if any).",
  })
  async requestOrderLinks(@Arg('email', () => String) email: string, @Ctx() ctx: Context): Promise<RequestOrderLinksPayload> {
    const result = await this.lookup.requestOrderLinks(email, ctx);
    return toPayload(result, () => ({}), {});
  }

  @Mutation(() => RequestOrderLinksPayload, {
    description:
      "For a payment page opened without its tab's checkout token: e-mails the links of the orders of the address on " +
      'order `orderId` (as requestOrderLinks does for it). Always answers the same way, whether or not the order exists.',
  })
  async requestOrderLinksForOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Ctx() ctx: Context,
  ): Promise<RequestOrderLinksPayload> {
    const result = await this.lookup.requestOrderLinksForOrder(orderId, ctx);
    return toPayload(result, () => ({}), {});
  }

  @Mutation(() => OrderPagePayload, {
    description: 'A Completed or Shipped order within 7 days of delivery, one free round, at most 1,000 characters.',
  })
  async requestOrderChange(
    @Arg('token', () => String) token: string,
    @Arg('message', () => String) message: string,
    @Ctx() ctx: Context,
  ): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.pages.requestOrderChange(token, message));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Mutation(() => OrderPagePayload, {
    description:
      'Approves proof `version` of the book while it is the newest and waits for an answer: the book is then made (and printed).',
  })
  async approveProof(
    @Arg('token', () => String) token: string,
    @Arg('version', () => Int, { description: 'The proof the parent looked at: refused when a newer one was sent.' })
    version: number,
    @Ctx() ctx: Context,
  ): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.pages.approveProof(token, version));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Mutation(() => OrderPagePayload, {
    description:
      'Asks for changes to proof `version` while it is the newest and waits for an answer (at most 1,000 characters); ' +
      'the studio sends a new proof.',
  })
  async requestProofChanges(
    @Arg('token', () => String) token: string,
    @Arg('version', () => Int, { description: 'The proof the parent looked at: refused when a newer one was sent.' })
    version: number,
    @Arg('message', () => String) message: string,
    @Ctx() ctx: Context,
  ): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.pages.requestProofChanges(token, version, message));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Mutation(() => OrderPagePayload, {
    description: "Deletes the photo and delivered files at once, blanks the child's details and the address; keeps accounting.",
  })
  async deleteChildData(@Arg('token', () => String) token: string, @Ctx() ctx: Context): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.pages.deleteChildData(token));
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Mutation(() => OrderPagePayload, {
    description:
      "Corrects a paid book's child name, age, dedication and (printed) address while OrderPage.changes.open, with " +
      "createOrder's rules and messages. Closed: WRONG_STATUS, saying why.",
  })
  async correctPaidOrder(
    @Arg('token', () => String) token: string,
    @Arg('input', () => PaidOrderChangesInput) input: PaidOrderChangesInput,
    @Ctx() ctx: Context,
  ): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.paidChanges.correctDetails(token, input));
    return this.pageAfter(result, token);
  }

  @Mutation(() => OrderPagePayload, {
    description:
      'Cancels a paid book while OrderPage.changes.open, refunding the whole of its price (the parent is e-mailed). ' +
      'Closed: WRONG_STATUS, saying why.',
  })
  async cancelPaidOrder(@Arg('token', () => String) token: string, @Ctx() ctx: Context): Promise<OrderPagePayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.paidChanges.cancel(token));
    return this.pageAfter(result, token);
  }

  @Mutation(() => OrderPagePayload, {
    description:
      "Sets the day a digital book's e-mail waits for (YYYY-MM-DD in timeZone, from today to " +
      'catalogue.limits.giftDeliveryMaxDays ahead; it goes out at 08:00 there), or with a null date sends it as soon as ' +
      'the book is ready; while OrderPage.giftDelivery.canChange. Otherwise WRONG_STATUS, saying why.',
  })
  async changeGiftDeliveryDate(
    @Arg('token', () => String) token: string,
    @Arg('date', () => String, { nullable: true }) date: string | null,
    @Arg('timeZone', () => String, { nullable: true, description: "The parent's IANA time zone; UTC when absent." })
    timeZone: string | null,
    @Ctx() ctx: Context,
  ): Promise<OrderPagePayload> {
    const result =
      (await this.pageActionRefused(ctx)) ?? (await this.giftDates.changeDate(token, date ?? null, timeZone ?? null));
    return this.pageAfter(result, token);
  }

  @Mutation(() => RenewOrderLinkPayload, {
    description: 'Revokes every link to this order and returns a fresh one (and e-mails it).',
  })
  async renewOrderLink(@Arg('token', () => String) token: string, @Ctx() ctx: Context): Promise<RenewOrderLinkPayload> {
    const result = (await this.pageActionRefused(ctx)) ?? (await this.pages.renewOrderLink(token));
    return toPayload(result, (fresh) => ({ token: fresh }), { token: null });
  }

  /** The page as it is after a change the parent made through it. */
  private async pageAfter(result: Outcome<unknown>, token: string): Promise<OrderPagePayload> {
    if (!result.ok) return toPayload(result, () => ({ order: null }), { order: null });
    return { order: await this.pages.orderPage(token), userErrors: [] };
  }

  /** Each of these e-mails the parent: one link must not let anybody flood their inbox. */
  private pageActionRefused(ctx: Context) {
    return checkClientLimits(this.rateLimiter, [this.rateLimits.orderPageActions], ctx);
  }
}

/** The payment page's recap: the photo through a signed, short-lived link. */
@Resolver(() => CheckoutOrder)
export class CheckoutOrderResolver {
  private readonly signer: MediaSigner;

  constructor(services: { signer: MediaSigner }) {
    this.signer = services.signer;
  }

  @FieldResolver(() => String, { nullable: true, description: "A signed, short-lived link to the child's photo." })
  photoUrl(@Root() order: CheckoutOrder): string | null {
    return order.photoKey ? this.signer.url(order.photoKey) : null;
  }
}
