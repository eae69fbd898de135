import { Arg, ID, Mutation, Resolver } from 'type-graphql';
import type { PaymentProviderName } from './payment-provider';
import { toPayload } from '../graphql/payload';
import type { PaymentService } from './payment.service';
import {
  ConfirmSandboxPaymentPayload,
  PaymentProviderNameEnum,
  RecordPaymentPayload,
  StartPaymentPayload,
} from './payment.types';

const noPayment = {
  provider: null,
  paymentId: null,
  clientSecret: null,
  publishableKey: null,
  amountCents: null,
  currency: null,
};

/** The payment page's side of checkout; every call needs the order's checkout token. */
@Resolver()
export class PaymentResolver {
  private readonly payments: PaymentService;

  constructor(services: { payments: PaymentService }) {
    this.payments = services.payments;
  }

  @Mutation(() => StartPaymentPayload, {
    description:
      'Creates (or returns) the provider payment for a Pending order, for the amount on the order, with `provider` ' +
      "(one of shopConfig.paymentProviders), or without it the card form's provider (shopConfig.paymentProvider).",
  })
  async startPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('provider', () => PaymentProviderNameEnum, { nullable: true }) provider?: PaymentProviderName | null,
  ): Promise<StartPaymentPayload> {
    const result = await this.payments.startPayment(orderId, checkoutToken, provider);
    return toPayload(result, (started) => started, noPayment);
  }

  @Mutation(() => ConfirmSandboxPaymentPayload, {
    description: 'Sandbox only: pays with a test card (4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined).',
  })
  async confirmSandboxPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('paymentId', () => String) paymentId: string,
    @Arg('cardNumber', () => String) cardNumber: string,
  ): Promise<ConfirmSandboxPaymentPayload> {
    const result = await this.payments.confirmSandboxPayment(orderId, checkoutToken, paymentId, cardNumber);
    return toPayload(result, () => ({ succeeded: true }), { succeeded: false });
  }

  @Mutation(() => RecordPaymentPayload, {
    description:
      "Asks the provider about the payment and marks the order Paid only if it succeeded for this order's amount, " +
      'currency and id; a PayPal payment the parent approved is captured first. Recording the same payment twice is a ' +
      "no-op. `provider` names whose payment it is (default: the one the order's payment was started with).",
  })
  async recordPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('checkoutToken', () => String) checkoutToken: string,
    @Arg('paymentId', () => String) paymentId: string,
    @Arg('provider', () => PaymentProviderNameEnum, { nullable: true }) provider?: PaymentProviderName | null,
  ): Promise<RecordPaymentPayload> {
    const result = await this.payments.recordPayment(orderId, checkoutToken, paymentId, provider);
    return toPayload(result, (order) => ({ order }), { order: null });
  }
}
