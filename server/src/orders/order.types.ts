import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { BookFormat } from '../catalogue/catalogue';
import { BookFormatEnum } from '../catalogue/catalogue.types';
import { UserError } from '../common/user-error';
import { Order } from './order.entity';
import { OrderStatus } from './order-status';

@ObjectType({ description: 'What the payment page shows, for the holder of the checkout token.' })
export class CheckoutOrder {
  @Field(() => ID)
  id: string;

  @Field(() => BookFormatEnum)
  bookFormat: BookFormat;

  @Field({ description: 'The plan title, e.g. Digital Comic Book.' })
  title: string;

  @Field(() => Int)
  amountCents: number;

  @Field()
  currency: string;

  @Field(() => OrderStatus)
  status: OrderStatus;

  @Field()
  childName: string;
}

@ObjectType()
export class CreateOrderPayload {
  @Field(() => ID, { nullable: true })
  orderId: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Secret that lets the payment page read this order (checkoutOrder). Shown once: keep it in the session.',
  })
  checkoutToken: string | null;

  @Field(() => CheckoutOrder, { nullable: true })
  order: CheckoutOrder | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

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
