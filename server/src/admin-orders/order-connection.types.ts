import { Field, Int, ObjectType } from 'type-graphql';
import { Order } from '../orders/order.entity';

@ObjectType()
export class PageInfo {
  @Field()
  hasNextPage: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' })
  endCursor: string | null;
}

@ObjectType()
export class OrderEdge {
  @Field()
  cursor: string;

  @Field(() => Order)
  node: Order;
}

@ObjectType({ description: 'How many orders match a filter, counted as far as asked.' })
export class OrderTotal {
  @Field(() => Int, { description: 'The orders matching: exactly when `exact`, otherwise more than this.' })
  count: number;

  @Field({ description: 'False when counting stopped at `upTo`: there are more matches than `count`.' })
  exact: boolean;
}

@ObjectType({ description: 'A page of orders, newest first.' })
export class OrderConnection {
  @Field(() => [OrderEdge])
  edges: OrderEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  /** Resolved only when asked for (see OrderConnectionResolver): counting is the dear part of a page. */
  countTotal: () => Promise<number>;

  /** The matches counted up to `upTo`, or exactly where that costs no more (see AdminOrdersService). */
  countUpTo: (upTo: number) => Promise<OrderTotal>;
}
