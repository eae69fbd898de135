import type { PaymentProvider } from './payment-provider';
import { PaymentProviders } from './payment-providers';

const provider = (name: string) => ({ name }) as unknown as PaymentProvider;

describe('PaymentProviders', () => {
  const stripe = provider('stripe');
  const sandbox = provider('sandbox');

  it('takes new payments with the first provider unless another is named', () => {
    expect(new PaymentProviders([stripe, sandbox]).checkout).toBe(stripe);
    expect(new PaymentProviders([stripe, sandbox], 'sandbox').checkout).toBe(sandbox);
  });

  it("finds a provider by name, and an order's payment with the provider that took it", () => {
    const providers = new PaymentProviders([stripe, sandbox]);
    expect(providers.get('sandbox')).toBe(sandbox);
    expect(providers.get('paypal')).toBeNull();
    expect(providers.get(null)).toBeNull();
    expect(providers.forOrder({ paymentProvider: 'sandbox' })).toBe(sandbox);
    // An order not yet paying, or paid with a provider since switched off, goes to the checkout's.
    expect(providers.forOrder({ paymentProvider: null })).toBe(stripe);
    expect(providers.forOrder({ paymentProvider: 'paypal' })).toBe(stripe);
    expect(providers.all()).toEqual([stripe, sandbox]);
  });

  it('refuses two providers of one name, and a checkout provider it does not have', () => {
    expect(() => new PaymentProviders([stripe, provider('stripe')])).toThrow('Two payment providers have the same name');
    expect(() => new PaymentProviders([stripe], 'paypal')).toThrow('No payment provider named paypal');
    expect(() => new PaymentProviders([])).toThrow('No payment provider named ');
  });
});
