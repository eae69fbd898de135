import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { BookFormat } from '../catalogue/catalogue';
import { BookFormatEnum } from '../catalogue/catalogue.types';
import { UserError } from '../common/user-error';
import { ShippingAddress } from '../orders/order.entity';
import { OrderStatus } from '../orders/order-status';

@ObjectType({ description: 'One book of a checkout, as the payment page lists it.' })
export class CheckoutBook {
  @Field(() => ID)
  id: string;

  @Field()
  reference: string;

  @Field(() => BookFormatEnum)
  bookFormat: BookFormat;

  @Field()
  title: string;

  @Field({ description: "Empty once the parent deleted the child's details." })
  childName: string;

  @Field({ description: 'The life lesson.' })
  moral: string;

  @Field(() => Int, { description: "The catalogue's price of the format, before any discount." })
  listPriceCents: number;

  @Field(() => Int, { description: 'What this book costs in this checkout (its share of the payment), in integer cents.' })
  amountCents: number;

  @Field({ description: 'A book added to the first one (the parent may take it out again); false for the first.' })
  added: boolean;
}

@ObjectType({ description: 'Another book of the same checkout, as the admin sees it beside an order.' })
export class CheckoutSibling {
  @Field(() => ID)
  id: string;

  @Field()
  reference: string;

  @Field(() => String, { nullable: true, description: "Null once the parent deleted the child's details." })
  childName: string | null;

  @Field(() => BookFormatEnum)
  bookFormat: BookFormat;

  @Field(() => OrderStatus)
  status: OrderStatus;

  @Field(() => Int, { description: "The book's share of the checkout's payment, in integer cents." })
  amountCents: number;

  @Field({ description: "The checkout's first order, whose payment page and payment stand for the checkout." })
  first: boolean;
}

@ObjectType({ description: 'What the payment page shows, for the holder of the checkout token.' })
export class CheckoutOrder {
  @Field(() => ID)
  id: string;

  @Field(() => BookFormatEnum)
  bookFormat: BookFormat;

  @Field({ description: 'The plan title, e.g. Digital Comic Book.' })
  title: string;

  @Field(() => Int, { description: "This book's price, in integer cents: its share of the checkout's payment." })
  amountCents: number;

  @Field(() => Int, {
    description:
      'What the payment is for, in integer cents: every book of the checkout waiting for it (this one alone in a one-book checkout).',
  })
  totalCents: number;

  @Field(() => Int, { description: "The catalogue's prices of those books added up, before any discount." })
  listTotalCents: number;

  @Field(() => Int, { description: 'What the family discount takes off those books together; 0 for one book.' })
  familyDiscountCents: number;

  @Field(() => [CheckoutBook], {
    description: "The checkout's books, this one first: the books added to it when this is the first order, else this one alone.",
  })
  books: CheckoutBook[];

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
