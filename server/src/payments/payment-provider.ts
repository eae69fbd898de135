/**
 * One narrow interface for every payment provider (Stripe, and the offline sandbox used when
 * no Stripe keys are configured). The payment service owns the order; a provider only
 * creates payments, reports what it knows about one, and turns its webhooks into a few
 * internal actions.
 */
import type { Outcome } from '../common/user-error';

export type PaymentProviderName = 'stripe' | 'paypal' | 'sandbox';

export interface PaymentRequest {
  orderId: string;
  /** Integer cents, from the server's catalogue via the order. */
  amountCents: number;
  /** ISO code, upper case (USD). */
  currency: string;
  email: string;
  description: string;
  /**
   * The order's earlier payment, when it can no longer pay the order (canceled, or made for another
   * amount): never handed back again, and the new one is asked for under another idempotency key.
   */
  replacing?: string | null;
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

export interface RefundRequest {
  /** The provider payment to refund (a PaymentIntent id for Stripe). */
  paymentId: string;
  /** Integer cents, at most what is left of the payment. */
  amountCents: number;
  /** ISO code, upper case. */
  currency: string;
  /**
   * Names the refund, not the attempt: the same key gives back the same refund, so a retried
   * or doubled request never refunds twice.
   */
  idempotencyKey: string;
  /** The admin's reason, kept with the refund at the provider for the shop's own records. */
  reason: string;
  /**
   * The shop's own id for this refund (its `refunds` row), kept with the refund at the provider,
   * so a refund whose answer was lost is found again in the provider's list of refunds.
   */
  reference: string;
}

/**
 * A refund at the provider: `pending` until the money has gone back (some card and bank refunds
 * take days), then `succeeded`, or `failed`/`canceled` (the money stays with the shop).
 */
export type RefundStatus = 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';

export interface ProviderRefund {
  refundId: string;
  amountCents: number;
  status: RefundStatus;
  /** The shop's reference sent with the refund (RefundRequest.reference); null for one made elsewhere. */
  reference: string | null;
  /** The provider's reason for a failed refund (e.g. expired_or_canceled_card). */
  failureReason: string | null;
}

/** The provider will not refund: nothing (or not that much) is left of the payment, or it was never paid. */
export class RefundRefusedError extends Error {
  constructor(readonly code: string) {
    super(`The payment provider refused the refund: ${code}`);
    this.name = 'RefundRefusedError';
  }
}

export type WebhookAction =
  | { type: 'payment_succeeded'; eventId: string; paymentId: string; orderId: string | null }
  | {
      /**
       * A refund of a payment was made or changed (ours, or one made in the provider's dashboard;
       * pending, succeeded or failed). The refunds themselves are asked of the provider again.
       */
      type: 'refunded';
      eventId: string;
      paymentId: string;
      /** The provider's reason code for a refund made in its dashboard, if any. */
      reason: string | null;
    }
  | { type: 'ignored'; eventId: string; eventType: string };

/**
 * What taking the money of a payment the customer approved came to: taken (now, or before), or
 * nothing to take (not approved yet, or not for this order). A declined instrument is a refusal.
 */
export type CaptureOutcome = 'captured' | 'not_capturable';

/** The webhook's signature did not verify: answer 400 and change nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider refused because of the shop's own account (restricted, invalid, closed) or its
 * API key (`authentication`: wrong, revoked or missing; the message says which setting to fix).
 */
export class PaymentAccountError extends Error {
  constructor(
    readonly code: string,
    message = `The payment provider refused the shop's account: ${code}`,
  ) {
    super(message);
    this.name = 'PaymentAccountError';
  }

  /** The key itself was refused (HTTP 401): an operator must fix the configuration. */
  get isAuthentication(): boolean {
    return this.code === 'authentication';
  }
}

/** A webhook as it arrived: the raw body and the request's headers (names in lower case). */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * The provider's browser SDK can itself create payments with the shop's public key, payable to
   * anyone (PayPal's client id can): only payments the shop started for the order are believed.
   */
  readonly browserCreatesPayments?: boolean;
  /** The browser SDK's public key (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates the payment for an order, or returns the one already created for it (idempotent per order). */
  createPayment(request: PaymentRequest): Promise<StartedPayment>;
  /**
   * The payment created earlier for an order, if it can still pay it (or already did): null when
   * it is gone, canceled, or made for another order, amount or currency than `request` asks now.
   * Idempotency keys expire, so the service remembers the id on the order and resumes it rather
   * than risk a second payment for the same order.
   */
  resumePayment(paymentId: string, request: PaymentRequest): Promise<StartedPayment | null>;
  /**
   * Asks the provider whether it accepts the shop's credentials (a start-up check). Throws
   * PaymentAccountError when it refuses them; other failures (network) are thrown as they are.
   */
  checkAccount?(): Promise<void>;
  /**
   * Takes the money of a payment the customer approved but the shop must capture (PayPal), when
   * the provider's payment is for `expected`; a refusal with PAYMENT_DECLINED when the customer's
   * instrument was declined (the page lets them choose another). Absent where approving is paying.
   */
  capturePayment?(
    paymentId: string,
    expected: Pick<PaymentRequest, 'orderId' | 'amountCents' | 'currency'>,
  ): Promise<Outcome<CaptureOutcome>>;
  /** Asks the provider for the payment's current state; null when it does not exist. */
  verifyPayment(paymentId: string): Promise<VerifiedPayment | null>;
  /**
   * Refunds (part of) a payment; the same idempotency key gives back the same refund. Throws
   * RefundRefusedError when the provider will not (more than is left, an unpaid payment).
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Every refund of a payment, as the provider records them (the webhook's facts, asked again). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /**
   * Verifies the request the way the provider documents (a signature, or a call to its own API)
   * before anything is read from it, then maps the event. Throws WebhookSignatureError. Absent
   * for a provider without webhooks (the sandbox).
   */
  parseWebhook?(request: WebhookRequest): Promise<WebhookAction>;
  /**
   * Pays one of the provider's own payments with a test card number (the sandbox's card form);
   * absent for a provider whose payments are confirmed in its own browser SDK.
   */
  confirmTestCard?(paymentId: string, cardNumber: string): Promise<Outcome<void>>;
}
