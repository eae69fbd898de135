import { Arg, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import type { ClientRateLimits } from '../abuse/rate-limit-rules';
import { checkClientLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import { succeed, UserError } from '../common/user-error';
import { AppliedDiscount } from '../discounts/discount-code.types';
import type { DiscountCodes } from '../discounts/discount-codes.service';
import type { Context } from '../graphql/context';
import { toPayload } from '../graphql/payload';
import { CheckoutOrder } from './checkout.types';
import type { OrderService } from './order.service';

@ObjectType()
export class CheckoutOrderPayload {
  @Field(() => CheckoutOrder, { nullable: true })
  order: CheckoutOrder | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

/** A discount code on the payment page: applied to, or taken off, the order the checkout token opens. */
@Resolver(() => CheckoutOrder)
export class DiscountCodeCheckoutResolver {
  private readonly discounts: DiscountCodes;
  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;
  private readonly orders: OrderService;

  constructor(services: {
    discounts: DiscountCodes;
    orders: OrderService;
    rateLimiter: RateLimiter;
    rateLimits: ClientRateLimits;
  }) {
    this.discounts = services.discounts;
    this.orders = services.orders;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Mutation(() => CheckoutOrderPayload, {
    description:
      "Applies a discount code (any case) to a Pending order: its amount becomes the catalogue's price less the " +
      "code's discount, and the next startPayment starts the payment for it. Another code replaces the first. " +
      "Refused when the code is unknown, disabled, expired or used up, when the book's price is under the code's " +
      'minimum, and while a payment of the order is under way (WRONG_STATUS). A payment of the old amount is refused ' +
      'when recorded.',
  })
  async applyDiscountCode(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('code', () => String) code: string,
    @Ctx() ctx: Context,
  ): Promise<CheckoutOrderPayload> {
    const result =
      (await checkClientLimits(this.rateLimiter, [this.rateLimits.discountCodes], ctx)) ??
      (await this.discounts.apply(orderId, checkoutToken, code));
    const summary = result.ok ? succeed(await this.orders.summaryOf(result.value)) : result;
    return toPayload(summary, (order) => ({ order }), { order: null });
  }

  @Mutation(() => CheckoutOrderPayload, {
    description: "Takes the discount code off a Pending order: the catalogue's price again, and the code's use given back.",
  })
  async removeDiscountCode(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
  ): Promise<CheckoutOrderPayload> {
    const result = await this.discounts.remove(orderId, checkoutToken);
    const summary = result.ok ? succeed(await this.orders.summaryOf(result.value)) : result;
    return toPayload(summary, (order) => ({ order }), { order: null });
  }

  @FieldResolver(() => AppliedDiscount, { nullable: true, description: 'The discount code on the order; null when none.' })
  async discount(@Root() order: CheckoutOrder): Promise<AppliedDiscount | null> {
    const applied = await this.discounts.forOrder(order.id);
    return applied ? { code: applied.code, amountCents: applied.amountCents } : null;
  }

  @FieldResolver(() => Int, { description: "The book's price before any discount code, in integer cents." })
  async listPriceCents(@Root() order: CheckoutOrder): Promise<number> {
    const applied = await this.discounts.forOrder(order.id);
    return order.amountCents + (applied?.amountCents ?? 0);
  }
}
