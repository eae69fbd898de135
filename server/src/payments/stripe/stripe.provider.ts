/**
 * Stripe behind the PaymentProvider interface: one PaymentIntent per order and amount (the
 * order's id in its metadata, an idempotency key naming the order, amount and currency),
 * verification by retrieving the intent, and webhooks verified against the endpoint's signing
 * secret before anything is read from them.
 *
 * Stripe saves the first answer to a key for 24 hours and replays it, 500s included
 * (https://docs.stripe.com/api/idempotent_requests): so a key promises exactly what it was first
 * sent with, a replayed intent is checked against Stripe's current state before it is handed to
 * the page, and a canceled or mismatched one is replaced under a key of its own.
 *
 * Tests point the SDK at a local fake of Stripe's REST API through host/port/protocol.
 */
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { loadOnFirstUse } from '../../common/load-on-first-use';
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
  type WebhookRequest,
  WebhookSignatureError,
} from '../payment-provider';

/**
 * Stripe's SDK (about 1 MB of JavaScript) is loaded when the shop first talks to Stripe, so a shop
 * that takes payment through the sandbox, and every process that never pays, does not load it.
 */
const stripeSdk = loadOnFirstUse(() => import('stripe').then((module) => module.default));

/** An error Stripe's SDK raised. */
function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return stripeSdk.loaded !== undefined && error instanceof stripeSdk.loaded.errors.StripeError;
}

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

/**
 * The idempotency key of an order's PaymentIntent for an amount: within Stripe's 24-hour key
 * window the same order and amount never get two intents, and another amount (the parent chose
 * another format) is another key rather than a 400 idempotency_error. `replacing` names the
 * intent that can no longer pay the order (canceled, or mismatched), so its replacement is asked
 * for under a key that differs; `attempt` moves past a 500 that Stripe saved under the key.
 */
export function stripeIdempotencyKey(
  request: Pick<PaymentRequest, 'orderId' | 'amountCents' | 'currency'>,
  replacing: string | null = null,
  attempt = 1,
): string {
  const base = `order-${request.orderId}-${request.amountCents}-${request.currency.toLowerCase()}`;
  return `${base}${replacing ? `-after-${replacing}` : ''}${attempt > 1 ? `-try${attempt}` : ''}`;
}

/** How many intents one start may go through (replayed canceled ones, saved 500s) before giving up. */
const MAX_CREATE_ATTEMPTS = 4;

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
    isStripeError(error) &&
    (error.code === 'resource_missing' || (error.statusCode === 404 && error.rawType === 'invalid_request_error'))
  );
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly webhookSecret: string;
  private readonly clientOptions: Stripe.StripeConfig;
  private readonly secretKey: string;
  private client: Promise<Stripe> | undefined;

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
    this.secretKey = secretKey;
    this.clientOptions = {
      maxNetworkRetries: 2,
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    };
  }

  /** The SDK's client, made on first use. */
  private stripe(): Promise<Stripe> {
    this.client ??= stripeSdk.load().then((StripeSdk) => new StripeSdk(this.secretKey, this.clientOptions));
    return this.client;
  }

  async createPayment(request: PaymentRequest): Promise<StartedPayment> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`Invalid payment amount: ${request.amountCents}`);
    }
    if (!/^[A-Za-z]{3}$/.test(request.currency)) {
      throw new Error(`Invalid currency: ${request.currency}`);
    }
    let replacing = request.replacing ?? null;
    let attempt = 1;
    for (let tries = 0; tries < MAX_CREATE_ATTEMPTS; tries++) {
      let intent: Stripe.Response<Stripe.PaymentIntent>;
      try {
        intent = await (
          await this.stripe()
        ).paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            metadata: { orderId: request.orderId },
            receipt_email: request.email,
            description: request.description,
            // Cards settle at once; delayed methods (bank debits) would leave the order waiting.
            allowed_payment_method_types: ['card'],
          },
          { idempotencyKey: stripeIdempotencyKey(request, replacing, attempt) },
        );
      } catch (error) {
        const account = asAccountError(error);
        if (account) throw account;
        // A 500 is saved under its key and replayed for a day: creating an intent takes no money,
        // so the next attempt goes under another key rather than leave the order unpayable.
        if (isSavedServerError(error)) {
          attempt += 1;
          continue;
        }
        throw error;
      }
      // A replayed answer shows the intent as it was then: ask Stripe how it is now.
      const current =
        intent.lastResponse?.headers?.['idempotent-replayed'] === 'true' ? await this.retrieveIntent(intent.id) : intent;
      if (current && paysRequest(current, request)) {
        return { paymentId: current.id, clientSecret: current.client_secret ?? null };
      }
      // Canceled (or not this order's): never handed back; its replacement gets a key of its own.
      replacing = intent.id;
      attempt = 1;
    }
    throw new Error(`Stripe kept answering with PaymentIntents that cannot pay order ${request.orderId}`);
  }

  async resumePayment(paymentId: string, request: PaymentRequest): Promise<StartedPayment | null> {
    if (typeof paymentId !== 'string' || !PAYMENT_INTENT_ID.test(paymentId)) return null;
    const intent = await this.retrieveIntent(paymentId);
    if (!intent) return null;
    if (!paysRequest(intent, request)) {
      await this.cancelReplaced(intent, request);
      return null;
    }
    return { paymentId: intent.id, clientSecret: intent.client_secret ?? null };
  }

  /**
   * The order's intent for another amount (a discount code, another format) is replaced: canceled
   * too, so a page still open elsewhere cannot pay the old amount with it. One that has gone past
   * canceling (it succeeded, or is processing) is left: its payment is refused when recorded for
   * not matching the order, and flagged for an owner to refund when Stripe's webhook brings it.
   */
  private async cancelReplaced(intent: Stripe.PaymentIntent, request: PaymentRequest): Promise<void> {
    if (intent.metadata?.orderId !== request.orderId || !CANCELABLE.has(intent.status)) return;
    try {
      await (await this.stripe()).paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    } catch (error) {
      const account = asAccountError(error);
      if (account) throw account;
      // Moved on meanwhile (payment_intent_unexpected_state), or Stripe did not answer: the
      // replacement goes ahead; the amount check when recording still guards the order.
    }
  }

  /** Stripe's PaymentIntent as it is now; null when it does not exist. */
  private async retrieveIntent(paymentId: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await (await this.stripe()).paymentIntents.retrieve(paymentId);
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw asAccountError(error) ?? error;
    }
  }

  /** A cheap authenticated read (the balance): throws PaymentAccountError when Stripe refuses the key. */
  async checkAccount(): Promise<void> {
    try {
      await (await this.stripe()).balance.retrieve();
    } catch (error) {
      throw asAccountError(error) ?? error;
    }
  }

  async verifyPayment(paymentId: string): Promise<VerifiedPayment | null> {
    // The id comes from the browser: only a well-formed PaymentIntent id is sent to Stripe.
    if (typeof paymentId !== 'string' || !PAYMENT_INTENT_ID.test(paymentId)) return null;
    const intent = await this.retrieveIntent(paymentId);
    if (!intent) return null;
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
      const refund = await (
        await this.stripe()
      ).refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountCents,
          // Stripe's reason field takes three codes only; the admin's words go in the metadata,
          // with the shop's own id for the refund, so a refund whose answer was lost is found again.
          metadata: { reason: request.reason.slice(0, 500), [REFERENCE_KEY]: request.reference },
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
    try {
      for await (const refund of (await this.stripe()).refunds.list({ payment_intent: paymentId, limit: 100 })) {
        refunds.push(toProviderRefund(refund));
      }
    } catch (error) {
      throw asAccountError(error) ?? error;
    }
    return refunds;
  }

  /** Verified by the Stripe-Signature header with the endpoint's signing secret, as Stripe documents. */
  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookAction> {
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(rawBody)) throw new Error('The webhook body must be the raw request body');
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw new Error('No Stripe-Signature header');
      event = (await this.stripe()).webhooks.constructEvent(rawBody, signature, this.webhookSecret);
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
      return { type: 'refunded', eventId: event.id, paymentId, reason: charge.refunds?.data?.[0]?.reason ?? null };
    }
    // A refund was made or changed: pending ones settle (succeeded or failed) later, announced by
    // refund.updated / refund.failed (and charge.refund.updated for older endpoints).
    // https://docs.stripe.com/api/events/types, https://docs.stripe.com/refunds
    if (
      event.type === 'refund.created' ||
      event.type === 'refund.updated' ||
      event.type === 'refund.failed' ||
      event.type === 'charge.refund.updated'
    ) {
      const refund = event.data.object;
      const paymentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
      if (!paymentId) return { type: 'ignored', eventId: event.id, eventType: event.type };
      return { type: 'refunded', eventId: event.id, paymentId, reason: refund.reason ?? null };
    }
    return { type: 'ignored', eventId: event.id, eventType: event.type };
  }
}

/** Stripe's codes for a refund it will not make: already refunded, more than is left, nothing was taken. */
const REFUSED_REFUND_CODES = new Set(['charge_already_refunded', 'amount_too_large', 'charge_disputed', 'resource_missing']);

/** The metadata key carrying the shop's own id for a refund. */
const REFERENCE_KEY = 'refund_request';

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const statuses: readonly RefundStatus[] = ['succeeded', 'pending', 'failed', 'canceled', 'requires_action'];
  const status = statuses.find((s) => s === refund.status) ?? 'pending';
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    status,
    reference: refund.metadata?.[REFERENCE_KEY] || null,
    failureReason: refund.failure_reason ?? null,
  };
}

/** Whether an intent can be handed to the page for this order and amount: not canceled, and for exactly it. */
/** The statuses from which Stripe lets an intent be canceled (https://docs.stripe.com/api/payment_intents/cancel). */
const CANCELABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
]);

function paysRequest(intent: Stripe.PaymentIntent, request: PaymentRequest): boolean {
  return (
    intent.status !== 'canceled' &&
    intent.amount === request.amountCents &&
    (intent.currency ?? '').toLowerCase() === request.currency.toLowerCase() &&
    intent.metadata?.orderId === request.orderId
  );
}

/** A 5xx Stripe answered and saved under the key (it will only be replayed), after the SDK's own retries. */
function isSavedServerError(error: unknown): boolean {
  return isStripeError(error) && (error.statusCode ?? 0) >= 500;
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
  const e = error as { type?: string; code?: string; statusCode?: number; message?: string };
  if (error instanceof PaymentAccountError) return error;
  // 401: the key itself is wrong, revoked or missing (https://docs.stripe.com/api/errors). Said
  // plainly for the operator: the setting to fix, never the key.
  if (e?.type === 'StripeAuthenticationError' || e?.statusCode === 401) {
    return new PaymentAccountError(
      'authentication',
      `Stripe refused STRIPE_SECRET_KEY (401: ${e.message?.split('\n')[0] ?? 'invalid API key'}); ` +
        "set it to the secret key of the shop's Stripe account (Dashboard > Developers > API keys)",
    );
  }
  if (e?.type === 'StripePermissionError') return new PaymentAccountError(e.code ?? e.type);
  if (e?.code && ACCOUNT_CODES.has(e.code)) return new PaymentAccountError(e.code);
  return null;
}
