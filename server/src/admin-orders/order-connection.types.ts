import { Field, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'A page of orders, newest first.' })
export class OrderConnection {
  @Field(() => [OrderEdge])
  edges: OrderEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  /** Resolved only when asked for (see OrderConnectionResolver): counting is the dear part of a page. */
  countTotal: () => Promise<number>;
}
