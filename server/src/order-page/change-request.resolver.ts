import { Authorized, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../graphql/context';
import { ChangeRequest, openChangeRequest } from './change-request';
import { Order } from '../orders/order.entity';

/** The admin's view of a parent's request for a change, from the order's events (batched per page). */
@Resolver(() => Order)
export class ChangeRequestResolver {
  @Authorized()
  @FieldResolver(() => ChangeRequest, {
    nullable: true,
    description: "The parent's latest request for a change that no revision has answered yet; null when there is none.",
  })
  async changeRequest(@Root() order: Order, @Ctx() ctx: Context): Promise<ChangeRequest | null> {
    return openChangeRequest(await ctx.loaders.orderEvents.load(order.id));
  }
}
