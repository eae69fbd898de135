/**
 * The local fake of Stripe's REST API and the webhook signing helpers, for API tests. The
 * implementation lives next to the Stripe provider (server/src/payments/stripe/testing) so the
 * server's own unit tests can use it within the server's tsconfig rootDir.
 */
export {
  decodeStripeForm,
  deliverWebhook,
  makeStripeEvent,
  randomStripeId,
  signedWebhook,
  startFakeStripe,
  type FailNextOptions,
  type FakeLastPaymentError,
  type FakePaymentIntent,
  type FakeStripe,
  type FakeStripeRequest,
  type SignedWebhook,
  type StripeEventLike,
} from '../../server/src/payments/stripe/testing/fake-stripe';
