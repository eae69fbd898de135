/**
 * Stripe.js's address, as @stripe/stripe-js's `loadStripe` asks for it: the script of the release
 * the installed package is built for (its `RELEASE_TRAIN`), with no parameters, since the shop sets
 * none. A hint to fetch it ahead (early-checkout.ts) is used by the browser only for this exact
 * address; stripe-js-url.test.ts fails when an update of the package asks for another.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';
