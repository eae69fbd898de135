import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../common/user-error';
import { CheckoutOrder } from '../checkout/checkout.types';
import type { PaymentProviderName } from './payment-provider';

export enum PaymentProviderNameEnum {
  stripe = 'stripe',
  paypal = 'paypal',
  sandbox = 'sandbox',
}
registerEnumType(PaymentProviderNameEnum, {
  name: 'PaymentProviderName',
  description:
    "stripe: Stripe's card form and wallets; paypal: PayPal's buttons; sandbox: the offline test provider (never in production).",
});

@ObjectType()
export class StartPaymentPayload {
  @Field(() => PaymentProviderNameEnum, { nullable: true })
  provider: PaymentProviderName | null;

  @Field(() => String, { nullable: true, description: "The provider's payment id (a Stripe PaymentIntent id)." })
  paymentId: string | null;

  @Field(() => String, { nullable: true, description: "For Stripe's Payment Element; null in the sandbox." })
  clientSecret: string | null;

  @Field(() => String, { nullable: true, description: "Stripe's publishable key; null in the sandbox." })
  publishableKey: string | null;

  @Field(() => Int, { nullable: true })
  amountCents: number | null;

  @Field(() => String, { nullable: true })
  currency: string | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class RecordPaymentPayload {
  @Field(() => CheckoutOrder, { nullable: true, description: 'The order, Paid.' })
  order: CheckoutOrder | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class ConfirmSandboxPaymentPayload {
  @Field()
  succeeded: boolean;

  @Field(() => [UserError])
  userErrors: UserError[];
}
