import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { BookFormat } from '../catalogue/catalogue';
import { BookFormatEnum } from '../catalogue/catalogue.types';
import { UserError } from '../common/user-error';
import { ShippingAddress } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';

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

  @Field({ description: "Empty once the parent deleted the child's details." })
  childName: string;

  @Field({ description: "The short reference used in e-mails (the id's first 8 characters)." })
  reference: string;

  @Field({ description: 'The life lesson.' })
  moral: string;

  @Field(() => String, { nullable: true })
  bookStyle: string | null;

  @Field({ description: 'Where the confirmation goes.' })
  email: string;

  @Field(() => ShippingAddress, { nullable: true })
  shippingAddress: ShippingAddress | null;

  @Field({
    description: 'Whether the price includes shipping (true for printed books: shipping to the US and Canada is included).',
  })
  shippingIncluded: boolean;

  @Field(() => Date, { nullable: true })
  paidAt: Date | null;

  /** Resolved to `photoUrl` (a signed, short-lived link) by CheckoutOrderResolver. */
  photoKey: string | null;
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
