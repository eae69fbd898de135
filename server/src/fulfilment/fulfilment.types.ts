import { Field, Int, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error';
import { Order } from '../orders/order.entity';

@ObjectType({ description: 'Money the provider took that cannot pay the order (e.g. a second charge): refund it.' })
export class PaymentAlert {
  @Field({ description: "The provider's payment id of the extra charge." })
  paymentId: string;

  @Field(() => Int, { nullable: true, description: 'What it took, in integer cents, when known.' })
  amountCents: number | null;

  @Field({ description: 'Why it could not pay the order, for staff.' })
  reason: string;

  @Field()
  createdAt: Date;
}

@ObjectType({
  description: "A refund of the order's money (its payment or an extra charge), as the payment provider last reported it.",
})
export class RefundRecord {
  @Field(() => Int, { description: 'In integer cents.' })
  amountCents: number;

  @Field({
    description:
      'requested or unconfirmed (asked, no answer yet), pending (the money is on its way back), succeeded, failed or canceled (the money stayed with the shop).',
  })
  status: string;

  @Field(() => String, { nullable: true, description: "The provider's reason for a failed refund." })
  failureReason: string | null;

  @Field(() => String, { nullable: true, description: "The provider's refund id, once it answered." })
  providerRefundId: string | null;

  @Field()
  createdAt: Date;
}

@ObjectType()
export class ShipOrderPayload {
  @Field(() => Order, { nullable: true, description: 'The order, Shipped.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class RefundOrderPayload {
  @Field(() => Order, { nullable: true, description: 'The order after the refund.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class CancelOrderPayload {
  @Field(() => Order, { nullable: true, description: 'The order, Cancelled.' })
  order: Order | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}
