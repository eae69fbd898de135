import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { toPayload } from '../graphql/payload';
import { refuse, UserErrorCode } from '../common/user-error';
import type { Context } from '../graphql/context';
import { CreateOrderInput } from './create-order.input';
import type { OrderService } from './order.service';
import { CheckoutOrder, CreateOrderPayload } from './order.types';

export const ONE_ORDER_PER_REQUEST = 'Only one order can be created per request.';

/** The customer's side of orders: create one, then read its summary with the checkout token. */
@Resolver()
export class OrderResolver {
  private readonly orders: OrderService;

  constructor(services: { orders: OrderService }) {
    this.orders = services.orders;
  }

  @Mutation(() => CreateOrderPayload, {
    description:
      'Creates a Pending order at the catalogue price. Send as a multipart request (GraphQL multipart spec) ' +
      "with the child's photo (JPEG or PNG, at most 5 MB). Validation failures come back in userErrors.",
  })
  async createOrder(
    @Arg('input', () => CreateOrderInput) input: CreateOrderInput,
    @Arg('childPhoto', () => GraphQLUpload) childPhoto: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<CreateOrderPayload> {
    // Mutation fields run one after another, so a plain counter is enough.
    const result =
      ++ctx.ordersCreated > 1
        ? refuse(UserErrorCode.RATE_LIMITED, ONE_ORDER_PER_REQUEST)
        : await this.orders.createOrder(input, childPhoto);
    return toPayload(result, (created) => created, { orderId: null, checkoutToken: null, order: null });
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
