/**
 * The payment providers the shop runs, by name. The composition root fills it (Stripe when its
 * keys are set, or the offline sandbox; more than one may be active); the checkout's provider
 * takes new payments, and an order's payment, refunds and webhooks go to the provider that took
 * it. Nothing outside a provider's own folder names a concrete provider class.
 */
import type { PaymentProvider } from './payment-provider';

export class PaymentProviders {
  private readonly byName: ReadonlyMap<string, PaymentProvider>;

  /** `providers[0]` takes new payments unless `checkoutName` names another. */
  constructor(providers: readonly PaymentProvider[], checkoutName: string = providers[0]?.name ?? '') {
    this.byName = new Map(providers.map((provider) => [provider.name, provider]));
    if (this.byName.size !== providers.length) throw new Error('Two payment providers have the same name');
    const checkout = this.byName.get(checkoutName);
    if (!checkout) throw new Error(`No payment provider named ${checkoutName}`);
    this.checkout = checkout;
  }

  /** The provider new payments are made with. */
  readonly checkout: PaymentProvider;

  /** The provider called `name` (as in /webhooks/:provider or an order's paymentProvider); null when none is. */
  get(name: string | null | undefined): PaymentProvider | null {
    return (name && this.byName.get(name)) || null;
  }

  /** The provider of an order's payment: the one that took it, or the checkout's while it has none. */
  forOrder(order: { paymentProvider: string | null }): PaymentProvider {
    return this.get(order.paymentProvider) ?? this.checkout;
  }

  all(): PaymentProvider[] {
    return [...this.byName.values()];
  }
}
