import { loadStripe } from '@stripe/stripe-js';

import { STRIPE_JS_URL } from './stripe-js-url';

describe("Stripe.js's address", () => {
  it('is the one loadStripe adds to the page, as the card form loads it', async () => {
    // The package's own entry, as StripePaymentForm.tsx imports it. jsdom fetches no script: the
    // load stays pending, and only the element it adds is read.
    void loadStripe('pk_test_address').catch(() => undefined);
    await Promise.resolve();
    const added = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src);
    expect(added).toEqual([STRIPE_JS_URL]);
  });
});
