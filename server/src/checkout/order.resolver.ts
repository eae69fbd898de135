import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { toPayload } from '../graphql/payload';
import { refuse, UserError, UserErrorCode } from '../common/user-error';
import type { Context } from '../graphql/context';
import type { ClientRateLimits } from '../abuse/rate-limit-rules';
import { checkClientLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import { discardUpload } from '../media/discard-upload';
import { CreateOrderInput } from './create-order.input';
import type { OrderService } from './order.service';
import { CheckoutOrder, CreateOrderPayload } from './checkout.types';

export const ONE_ORDER_PER_REQUEST = 'Only one order can be created per request.';

@InputType({ description: "The checkout a new book joins: its first order and that order's checkout token." })
class CheckoutRefInput {
  @Field(() => ID)
  orderId: string;

  @Field()
  checkoutToken: string;
}

@ObjectType()
class RemoveCheckoutBookPayload {
  @Field(() => CheckoutOrder, { nullable: true, description: 'The checkout as it stands after the removal.' })
  order: CheckoutOrder | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

/** The customer's side of orders: create one, then read its summary with the checkout token. */
@Resolver()
export class OrderResolver {
  private readonly orders: OrderService;
  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;

  constructor(services: { orders: OrderService; rateLimiter: RateLimiter; rateLimits: ClientRateLimits }) {
    this.orders = services.orders;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Mutation(() => CreateOrderPayload, {
    description:
      'Creates a Pending order at the catalogue price. Send as a multipart request (GraphQL multipart spec) ' +
      "with the child's photo (JPEG or PNG, at most 5 MB). Validation failures come back in userErrors. " +
      "With `addTo`, the book joins that checkout (up to the catalogue's familyDiscount.maxBooks books, paid " +
      'together through the first order, each book priced with the family discount).',
  })
  async createOrder(
    @Arg('input', () => CreateOrderInput) input: CreateOrderInput,
    @Arg('childPhoto', () => GraphQLUpload) childPhoto: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('addTo', () => CheckoutRefInput, { nullable: true }) addTo?: CheckoutRefInput | null,
  ): Promise<CreateOrderPayload> {
    // Mutation fields run one after another, so a plain counter is enough.
    const refused =
      ++ctx.ordersCreated > 1
        ? refuse(UserErrorCode.RATE_LIMITED, ONE_ORDER_PER_REQUEST)
        : // Before the photo is touched: a refused client costs no decoding and leaves nothing stored.
          await checkClientLimits(this.rateLimiter, this.rateLimits.createOrder, ctx);
    if (refused) discardUpload(childPhoto);
    const result = refused ?? (await this.orders.createOrder(input, childPhoto, addTo));
    return toPayload(result, (created) => created, { orderId: null, checkoutToken: null, order: null });
  }

  @Mutation(() => RemoveCheckoutBookPayload, {
    description:
      'Takes a book the parent added out of a waiting checkout (the first order and its checkout token): the book is ' +
      'cancelled, its photo deleted, and the books left are priced again.',
  })
  async removeCheckoutBook(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('bookId', () => ID) bookId: string,
  ): Promise<RemoveCheckoutBookPayload> {
    const result = await this.orders.removeCheckoutBook(orderId, checkoutToken, bookId);
    return toPayload(result, (order) => ({ order }), { order: null });
  }

  @Query(() => CheckoutOrder, {
    nullable: true,
    description: "The payment page's order summary; null unless the checkout token matches the order.",
  })
  checkoutOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
  ): Promise<CheckoutOrder | null> {
    return this.orders.checkoutSummary(orderId, checkoutToken);
  }
}
