/**
 * Stripe behind the PaymentProvider interface: one PaymentIntent per order (the order's id in
 * its metadata, an idempotency key per order), verification by retrieving the intent, and
 * webhooks verified against the endpoint's signing secret before anything is read from them.
 *
 * Tests point the SDK at a local fake of Stripe's REST API through host/port/protocol.
 */
import Stripe from 'stripe';
import { PaymentAccountError, RefundRefusedError } from '../payment-provider';
import {
  type PaymentProvider,
  type ProviderRefund,
  type RefundRequest,
  type RefundStatus,
  type PaymentRequest,
  type PaymentStatus,
  type StartedPayment,
  type VerifiedPayment,
  type WebhookAction,
  WebhookSignatureError,
} from '../payment-provider';

export interface StripeProviderOptions {
  /** sk_test_... / sk_live_... (or a restricted rk_ key). Never leaves the server. */
  secretKey: string;
  /** pk_test_... / pk_live_...: sent to the browser for the Payment Element. */
  publishableKey: string;
  /** whsec_...: the webhook endpoint's signing secret. */
  webhookSecret: string;
  /** Only for tests: a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** STRIPE_API_URL (tests: the local fake) as the SDK's host/port/protocol options; empty when unset. */
export function stripeApiTarget(apiUrl: URL | string | undefined): Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = typeof apiUrl === 'string' ? new URL(apiUrl) : apiUrl;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Unsupported Stripe API URL: ${url.href}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A PaymentIntent id as Stripe issues them; anything else cannot exist, so it is not asked for. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,252}$/;

/** The idempotency key of an order's PaymentIntent: within Stripe's 24-hour key window the same order never gets two intents. */
export function stripeIdempotencyKey(orderId: string): string {
  return `order-${orderId}`;
}

const STRIPE_STATUSES: ReadonlySet<string> = new Set([
  'succeeded',
  'processing',
  'requires_payment_method',
  'requires_action',
  'requires_confirmation',
  'requires_capture',
  'canceled',
]);

function keyMode(key: string): 'test' | 'live' | null {
  const match = /^(?:sk|rk|pk)_(test|live)_/.exec(key);
  return match ? (match[1] as 'test' | 'live') : null;
}

/**
 * Stripe's PaymentIntent status, as ours. A declined attempt leaves the intent in
 * requires_payment_method with last_payment_error set: that is our 'failed'. Nothing but
 * 'succeeded' means the money was taken (requires_capture is only an authorisation).
 */
export function mapStripeStatus(status: string, hasPaymentError: boolean): PaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_payment_method':
      return hasPaymentError ? 'failed' : 'requires_payment_method';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

function isResourceMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === 'resource_missing' || (error.statusCode === 404 && error.rawType === 'invalid_request_error'))
  );
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    const { secretKey, publishableKey, webhookSecret } = options;
    if (!/^(sk|rk)_/.test(secretKey ?? '')) {
      throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key (sk_...) or restricted key (rk_...)');
    }
    // The publishable key is sent to every visitor: refuse anything that is not one.
    if (!/^pk_/.test(publishableKey ?? '')) {
      throw new Error('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)');
    }
    if (!webhookSecret || !webhookSecret.trim()) {
      throw new Error('STRIPE_WEBHOOK_SECRET must be set (whsec_...)');
    }
    const secretMode = keyMode(secretKey);
    const publishableMode = keyMode(publishableKey);
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      throw new Error(`Stripe keys do not match: the secret key is ${secretMode}, the publishable key ${publishableMode}`);
    }
    this.publishableKey = publishableKey;
    this.webhookSecret = webhookSecret;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    });
  }

  async createPayment(request: PaymentRequest): Promise<StartedPayment> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`Invalid payment amount: ${request.amountCents}`);
    }
    if (!/^[A-Za-z]{3}$/.test(request.currency)) {
      throw new Error(`Invalid currency: ${request.currency}`);
    }
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          metadata: { orderId: request.orderId },
          receipt_email: request.email,
          description: request.description,
          // Cards settle at once; delayed methods (bank debits) would leave the order waiting.
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: stripeIdempotencyKey(request.orderId) },
      );
    } catch (error) {
      throw asAccountError(error) ?? error;
    }
    return { paymentId: intent.id, clientSecret: intent.client_secret ?? null };
  }

  async resumePayment(paymentId: string): Promise<StartedPayment | null> {
    if (typeof paymentId !== 'string' || !PAYMENT_INTENT_ID.test(paymentId)) return null;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentId);
      if (intent.status === 'canceled') return null;
      return { paymentId: intent.id, clientSecret: intent.client_secret ?? null };
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw asAccountError(error) ?? error;
    }
  }

  async verifyPayment(paymentId: string): Promise<VerifiedPayment | null> {
    // The id comes from the browser: only a well-formed PaymentIntent id is sent to Stripe.
    if (typeof paymentId !== 'string' || !PAYMENT_INTENT_ID.test(paymentId)) return null;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(paymentId);
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw error;
    }
    const status = mapStripeStatus(intent.status, intent.last_payment_error != null);
    const failureCode =
      intent.last_payment_error?.code ??
      intent.last_payment_error?.decline_code ??
      (STRIPE_STATUSES.has(intent.status) ? null : `unexpected_status:${intent.status}`);
    return {
      paymentId: intent.id,
      status,
      amountReceivedCents: intent.amount_received ?? 0,
      currency: (intent.currency ?? '').toUpperCase(),
      orderId: intent.metadata?.orderId || null,
      failureCode,
    };
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (!PAYMENT_INTENT_ID.test(request.paymentId)) throw new RefundRefusedError('resource_missing');
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`Invalid refund amount: ${request.amountCents}`);
    }
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountCents,
          // Stripe's reason field takes three codes only; the admin's words go in the metadata.
          metadata: { reason: request.reason.slice(0, 500) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toProviderRefund(refund);
    } catch (error) {
      const e = error as { type?: string; code?: string };
      // Nothing (or not that much) left to refund, or a payment that never took money.
      if (e?.type === 'StripeInvalidRequestError' && e.code && REFUSED_REFUND_CODES.has(e.code)) {
        throw new RefundRefusedError(e.code);
      }
      throw asAccountError(error) ?? error;
    }
  }

  async listRefunds(paymentId: string): Promise<ProviderRefund[]> {
    if (!PAYMENT_INTENT_ID.test(paymentId)) return [];
    const refunds: ProviderRefund[] = [];
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
      refunds.push(toProviderRefund(refund));
    }
    return refunds;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookAction {
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(rawBody) && typeof rawBody !== 'string') {
        throw new Error('The webhook body must be the raw request body');
      }
      if (!signature) throw new Error('No Stripe-Signature header');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(
        `Webhook signature verification failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object;
      return {
        type: 'payment_succeeded',
        eventId: event.id,
        paymentId: intent.id,
        orderId: intent.metadata?.orderId || null,
      };
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentId) return { type: 'ignored', eventId: event.id, eventType: event.type };
      return {
        type: 'refunded',
        eventId: event.id,
        paymentId,
        amountCents: charge.amount,
        amountRefundedCents: charge.amount_refunded,
        reason: charge.refunds?.data?.[0]?.reason ?? null,
      };
    }
    return { type: 'ignored', eventId: event.id, eventType: event.type };
  }
}

/** Stripe's codes for a refund it will not make: already refunded, more than is left, nothing was taken. */
const REFUSED_REFUND_CODES = new Set(['charge_already_refunded', 'amount_too_large', 'charge_disputed', 'resource_missing']);

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const statuses: readonly RefundStatus[] = ['succeeded', 'pending', 'failed', 'canceled', 'requires_action'];
  const status = statuses.find((s) => s === refund.status) ?? 'pending';
  return { refundId: refund.id, amountCents: refund.amount, status };
}

/** Stripe's codes for a problem with the shop's own account, not the customer's card. */
const ACCOUNT_CODES = new Set([
  'account_invalid',
  'account_closed',
  'platform_account_required',
  'account_country_invalid_address',
  'secret_key_required',
]);

function asAccountError(error: unknown): PaymentAccountError | null {
  const e = error as { type?: string; code?: string };
  if (e?.type === 'StripePermissionError' || e?.type === 'StripeAuthenticationError')
    return new PaymentAccountError(e.code ?? e.type);
  if (e?.code && ACCOUNT_CODES.has(e.code)) return new PaymentAccountError(e.code);
  return null;
}
