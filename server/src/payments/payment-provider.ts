/**
 * One narrow interface for every payment provider (Stripe, and the offline sandbox used when
 * no Stripe keys are configured). The payment service owns the order; a provider only
 * creates payments, reports what it knows about one, and turns its webhooks into a few
 * internal actions.
 */
export type PaymentProviderName = 'stripe' | 'sandbox';

export interface PaymentRequest {
  orderId: string;
  /** Integer cents, from the server's catalogue via the order. */
  amountCents: number;
  /** ISO code, upper case (USD). */
  currency: string;
  email: string;
  description: string;
}

export interface StartedPayment {
  /** The provider's id (a PaymentIntent id for Stripe). */
  paymentId: string;
  /** What the provider's browser SDK needs to confirm it (Stripe's client secret). */
  clientSecret: string | null;
}

export type PaymentStatus = 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'failed';

export interface VerifiedPayment {
  paymentId: string;
  status: PaymentStatus;
  /** What the provider actually received, in integer cents. */
  amountReceivedCents: number;
  /** ISO code, upper case. */
  currency: string;
  /** The order named in the payment's metadata, if any. */
  orderId: string | null;
  /** The provider's reason for a failure, for the logs (never shown to the customer as is). */
  failureCode: string | null;
}

export type WebhookAction =
  | { type: 'payment_succeeded'; eventId: string; paymentId: string; orderId: string | null }
  | { type: 'ignored'; eventId: string; eventType: string };

/** The webhook's signature did not verify: answer 400 and change nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused because of the shop's own account (restricted, invalid, closed). */
export class PaymentAccountError extends Error {
  constructor(readonly code: string) {
    super(`The payment provider refused the shop's account: ${code}`);
    this.name = 'PaymentAccountError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The browser SDK's public key (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates the payment for an order, or returns the one already created for it (idempotent per order). */
  createPayment(request: PaymentRequest): Promise<StartedPayment>;
  /**
   * The payment created earlier for an order, if it can still be paid (or already was);
   * null when it is gone or canceled. Idempotency keys expire, so the service remembers the
   * id on the order and resumes it rather than risk a second payment for the same order.
   */
  resumePayment(paymentId: string): Promise<StartedPayment | null>;
  /** Asks the provider for the payment's current state; null when it does not exist. */
  verifyPayment(paymentId: string): Promise<VerifiedPayment | null>;
  /** Verifies the signature first, then maps the event. Throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookAction;
}
