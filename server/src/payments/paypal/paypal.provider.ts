/**
 * PayPal behind the PaymentProvider interface, with PayPal's server SDK (Orders v2 and
 * Payments v2):
 * - a payment is a PayPal order (intent CAPTURE, USD, the shop's order id as `custom_id`, its
 *   reference as `invoice_id`), created under a PayPal-Request-Id naming the order and amount;
 * - the parent approves it in PayPal's buttons, and the shop captures it (`capturePayment`) only
 *   when PayPal's order is for this order's amount and currency; a capture that already happened
 *   is a no-op, and INSTRUMENT_DECLINED is said so the page restarts the buttons; the shop believes
 *   only PayPal orders it created itself (`browserCreatesPayments`: the client id is public);
 * - refunds go through the captures refund API, each under its own PayPal-Request-Id, and are
 *   read back from the order's `payments.refunds`;
 * - a webhook is believed only after PayPal's verify-webhook-signature API says SUCCESS for it
 *   with the shop's webhook id (PayPal signs with its own certificate, not a shared secret).
 *
 * PayPal's pages followed: Orders v2 (https://developer.paypal.com/docs/api/orders/v2/), Payments
 * v2 captures refund (https://developer.paypal.com/docs/api/payments/v2/), verify webhook
 * signature (https://developer.paypal.com/api/webhooks/v1/verify-webhook-signature-post),
 * funding failures (https://developer.paypal.com/docs/checkout/standard/customize/handle-funding-failures)
 * and idempotency (https://developer.paypal.com/api/rest/reference/idempotency/).
 */
import type {
  ApiError,
  Client,
  OAuthToken,
  Order as PayPalOrder,
  OrdersController,
  PaymentsController,
  Refund as PayPalRefund,
} from '@paypal/paypal-server-sdk' with { 'resolution-mode': 'import' };
import type * as PayPalSdkModule from '@paypal/paypal-server-sdk' with { 'resolution-mode': 'import' };
import http from 'node:http';
import https from 'node:https';
import { loadOnFirstUse } from '../../common/load-on-first-use';
import { type Outcome, refuse, succeed, UserErrorCode } from '../../common/user-error';
import { orderReference } from '../../orders/order-format';
import {
  type CaptureOutcome,
  PaymentAccountError,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type ProviderRefund,
  RefundRefusedError,
  type RefundRequest,
  type RefundStatus,
  type StartedPayment,
  type VerifiedPayment,
  type WebhookAction,
  type WebhookRequest,
  WebhookSignatureError,
} from '../payment-provider';

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or (tests) a local fake. */
  apiUrl: string;
}

/**
 * PayPal's SDK is a third of a second of start-up: loaded when the shop first calls PayPal, so a
 * shop that does not take PayPal never loads it.
 */
type PayPalSdk = typeof PayPalSdkModule;
const paypalSdk = loadOnFirstUse<PayPalSdk>(() => import('@paypal/paypal-server-sdk'));

/** An error answer from PayPal (only the SDK, once loaded, throws one). */
function isApiError(error: unknown): error is ApiError {
  return paypalSdk.loaded !== undefined && error instanceof paypalSdk.loaded.ApiError;
}

interface PayPalApi {
  sdk: PayPalSdk;
  client: Client;
  orders: OrdersController;
  payments: PaymentsController;
}

const LIVE_URL = 'https://api-m.paypal.com';
const SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

/**
 * Where the payment page loads PayPal's JS SDK from: PayPal's own address for its live and sandbox
 * APIs (the client id says which), the stand-in's /sdk/js for any other (a local fake in tests).
 */
export function paypalSdkUrl(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  return base === LIVE_URL || base === SANDBOX_URL ? 'https://www.paypal.com/sdk/js' : `${base}/sdk/js`;
}

/** A PayPal order id as PayPal issues them; anything else cannot exist, so it is not asked for. */
const PAYPAL_ORDER_ID = /^[A-Z0-9]{10,36}$/;

export const PAYPAL_MESSAGES = {
  declined: 'PayPal could not take the payment with that card or account. Please choose another way to pay.',
} as const;

/** Amounts as PayPal writes them: "25.00" for 2500 cents (USD has two decimals). */
export function toPayPalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`Invalid payment amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "25.00" as 2500; null for anything that is not a two-decimal amount. */
export function fromPayPalValue(value: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The PayPal-Request-Id of an order's PayPal order for an amount (PayPal keeps each for hours). */
export function paypalRequestId(request: Pick<PaymentRequest, 'orderId' | 'amountCents' | 'currency'>, replacing: string | null) {
  return `order-${request.orderId}-${request.amountCents}-${request.currency.toLowerCase()}${replacing ? `-after-${replacing}` : ''}`;
}

/** The `issue` codes of a PayPal error answer (its `details`), with its `name`. */
function issuesOf(error: ApiError): string[] {
  let body: unknown = error.result;
  if (typeof error.body === 'string') {
    try {
      body = JSON.parse(error.body);
    } catch {
      // not JSON: only the status is known
    }
  }
  const parsed = (body ?? {}) as { name?: string; error?: string; details?: Array<{ issue?: string }> };
  return [...(parsed.details ?? []).map((detail) => detail.issue ?? ''), parsed.name ?? '', parsed.error ?? ''].filter(Boolean);
}

/** PayPal's codes for a problem with the shop's own account, not the parent's. */
const ACCOUNT_ISSUES = new Set([
  'PAYEE_ACCOUNT_RESTRICTED',
  'PAYEE_ACCOUNT_LOCKED_OR_CLOSED',
  'PAYEE_ACCOUNT_INVALID',
  'PERMISSION_DENIED',
  'NOT_AUTHORIZED',
]);

function asAccountError(error: unknown): PaymentAccountError | null {
  if (error instanceof PaymentAccountError) return error;
  if (!isApiError(error)) return null;
  const issues = issuesOf(error);
  if (error.statusCode === 401 || issues.includes('invalid_client')) {
    return new PaymentAccountError(
      'authentication',
      `PayPal refused PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (${error.statusCode}); set them to the REST app's ` +
        'credentials (developer.paypal.com > Apps & Credentials), live or sandbox as PAYPAL_API_URL says',
    );
  }
  const account = issues.find((issue) => ACCOUNT_ISSUES.has(issue));
  return account ? new PaymentAccountError(account) : null;
}

/** PayPal's codes for a refund it will not make: nothing (or not that much) is left, or nothing was taken. */
const REFUSED_REFUND_ISSUES = new Set([
  'CAPTURE_FULLY_REFUNDED',
  'REFUND_AMOUNT_EXCEEDED',
  'REFUND_NOT_ALLOWED',
  'REFUND_TIME_LIMIT_EXCEEDED',
  'PARTIAL_REFUND_NOT_ALLOWED',
  'INVALID_RESOURCE_ID',
]);

/** The webhook events the shop acts on; any other is acknowledged and ignored. */
const PAID_EVENTS = new Set(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly browserCreatesPayments = true;
  /** The JS SDK's client id: PayPal's buttons load with it. */
  readonly publishableKey: string;
  private readonly clientSecret: string;
  /** How requests reach an address other than PayPal's two hosts (a local fake in tests). */
  private readonly transport: ReturnType<typeof redirectedTransport> | undefined;
  /** The SDK's client and controllers, made at the first call to PayPal. */
  private api: Promise<PayPalApi> | undefined;
  private readonly webhookId: string;
  private readonly apiUrl: string;
  /** The SDK's OAuth token, shared with the webhook check: one token until it expires, not one per call. */
  private token: OAuthToken | undefined;

  constructor(options: PayPalProviderOptions) {
    if (!options.clientId?.trim() || !options.clientSecret?.trim())
      throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set');
    if (!options.webhookId?.trim()) throw new Error('PAYPAL_WEBHOOK_ID must be set');
    this.publishableKey = options.clientId;
    this.webhookId = options.webhookId;
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.clientSecret = options.clientSecret;
    const known = this.apiUrl === LIVE_URL || this.apiUrl === SANDBOX_URL;
    this.transport = known ? undefined : redirectedTransport(new URL(this.apiUrl));
  }

  /** The SDK's client, loading the SDK the first time. */
  private connect(): Promise<PayPalApi> {
    this.api ??= paypalSdk.load().then((sdk) => {
      const client = new sdk.Client({
        clientCredentialsAuthCredentials: {
          oAuthClientId: this.publishableKey,
          oAuthClientSecret: this.clientSecret,
          oAuthOnTokenUpdate: (token) => {
            this.token = token;
          },
        },
        environment: this.apiUrl === LIVE_URL ? sdk.Environment.Production : sdk.Environment.Sandbox,
        timeout: 20_000,
        // The SDK knows PayPal's two hosts only: any other address (a local fake in tests) receives
        // the sandbox's requests, through a transport that sends them there as they are.
        ...(this.transport ? { unstable_httpClientOptions: { proxy: false, transport: this.transport } } : {}),
      });
      return { sdk, client, orders: new sdk.OrdersController(client), payments: new sdk.PaymentsController(client) };
    });
    return this.api;
  }

  async createPayment(request: PaymentRequest): Promise<StartedPayment> {
    if (!/^[A-Za-z]{3}$/.test(request.currency)) throw new Error(`Invalid currency: ${request.currency}`);
    const { sdk, orders } = await this.connect();
    try {
      const { result } = await orders.createOrder({
        paypalRequestId: paypalRequestId(request, request.replacing ?? null),
        prefer: 'return=representation',
        body: {
          intent: sdk.CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              customId: request.orderId,
              invoiceId: orderReference(request.orderId),
              description: request.description.slice(0, 127),
              amount: { currencyCode: request.currency.toUpperCase(), value: toPayPalValue(request.amountCents) },
            },
          ],
        },
      });
      if (!result.id) throw new Error('PayPal answered a created order without its id');
      // A PayPal-Request-Id seen before gives back the order it made then: asked again as it is now,
      // one that can no longer pay (declined, voided) is replaced under a request id of its own.
      const current = (await this.getOrder(result.id)) ?? result;
      if (!paysRequest(current, request)) {
        if (request.replacing === result.id)
          throw new Error(`PayPal kept answering with an order that cannot pay ${request.orderId}`);
        return this.createPayment({ ...request, replacing: result.id });
      }
      return { paymentId: result.id, clientSecret: null };
    } catch (error) {
      throw asAccountError(error) ?? error;
    }
  }

  async resumePayment(paymentId: string, request: PaymentRequest): Promise<StartedPayment | null> {
    const order = await this.getOrder(paymentId);
    return order && paysRequest(order, request) ? { paymentId: order.id!, clientSecret: null } : null;
  }

  /** An OAuth token for the shop's credentials: PayPal refuses wrong ones with 401. */
  async checkAccount(): Promise<void> {
    await this.accessToken();
  }

  async verifyPayment(paymentId: string): Promise<VerifiedPayment | null> {
    const order = await this.getOrder(paymentId);
    if (!order) return null;
    const unit = order.purchaseUnits?.[0];
    const captures = unit?.payments?.captures ?? [];
    // Money PayPal took for the order: its completed captures (a refunded one was taken, then given back).
    const taken = captures.filter((capture) => ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(String(capture.status)));
    const received = taken.reduce((sum, capture) => sum + (fromPayPalValue(capture.amount?.value) ?? 0), 0);
    const declined = captures.find((capture) => capture.status === 'DECLINED' || capture.status === 'FAILED');
    return {
      paymentId: order.id!,
      status: mapPayPalStatus(
        String(order.status),
        taken.length > 0,
        captures.some((c) => c.status === 'PENDING'),
        Boolean(declined),
      ),
      amountReceivedCents: received,
      currency: (taken[0]?.amount?.currencyCode ?? unit?.amount?.currencyCode ?? '').toUpperCase(),
      orderId: unit?.customId || null,
      failureCode: declined ? `capture_${String(declined.status).toLowerCase()}` : null,
    };
  }

  /**
   * Takes the money of an order the parent approved in PayPal's buttons, once it is known to be
   * for `expected`; a capture that already happened (or is under way) is left as it is. PayPal
   * captures an order once: a doubled call is answered ORDER_ALREADY_CAPTURED.
   */
  async capturePayment(
    paymentId: string,
    expected: Pick<PaymentRequest, 'orderId' | 'amountCents' | 'currency'>,
  ): Promise<Outcome<CaptureOutcome>> {
    const order = await this.getOrder(paymentId);
    if (!order || order.status !== 'APPROVED' || !paysRequest(order, expected)) return succeed('not_capturable');
    try {
      // No PayPal-Request-Id: a capture that was answered and lost is found by the next call
      // (ORDER_ALREADY_CAPTURED), and one that was declined must not be replayed after the parent
      // chose another way to pay.
      const { orders } = await this.connect();
      const { result } = await orders.captureOrder({ id: paymentId, prefer: 'return=representation' });
      const captures = result.purchaseUnits?.[0]?.payments?.captures ?? [];
      // A card PayPal declined can come back as a capture DECLINED inside a 201.
      if (captures.length > 0 && captures.every((capture) => capture.status === 'DECLINED' || capture.status === 'FAILED')) {
        return refuse(UserErrorCode.PAYMENT_DECLINED, PAYPAL_MESSAGES.declined, 'paymentId');
      }
      return succeed('captured');
    } catch (error) {
      if (isApiError(error)) {
        const issues = issuesOf(error);
        if (issues.includes('ORDER_ALREADY_CAPTURED')) return succeed('captured');
        if (issues.includes('INSTRUMENT_DECLINED') || issues.includes('PAYER_ACTION_REQUIRED')) {
          return refuse(UserErrorCode.PAYMENT_DECLINED, PAYPAL_MESSAGES.declined, 'paymentId');
        }
      }
      throw asAccountError(error) ?? error;
    }
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
      throw new Error(`Invalid refund amount: ${request.amountCents}`);
    const order = await this.getOrder(request.paymentId);
    const capture = order?.purchaseUnits?.[0]?.payments?.captures?.find(
      (c) => c.id && c.status !== 'DECLINED' && c.status !== 'FAILED',
    );
    if (!capture?.id) throw new RefundRefusedError('resource_missing');
    try {
      const { payments } = await this.connect();
      const { result } = await payments.refundCapturedPayment({
        captureId: capture.id,
        paypalRequestId: request.idempotencyKey,
        prefer: 'return=representation',
        body: {
          amount: { currencyCode: request.currency.toUpperCase(), value: toPayPalValue(request.amountCents) },
          // The shop's own id for the refund, so one whose answer was lost is found in the order's refunds.
          customId: request.reference,
          noteToPayer: request.reason.slice(0, 255),
        },
      });
      return toProviderRefund(result);
    } catch (error) {
      if (isApiError(error)) {
        const refused = issuesOf(error).find((issue) => REFUSED_REFUND_ISSUES.has(issue));
        if (refused) throw new RefundRefusedError(refused);
      }
      throw asAccountError(error) ?? error;
    }
  }

  async listRefunds(paymentId: string): Promise<ProviderRefund[]> {
    const order = await this.getOrder(paymentId);
    return (order?.purchaseUnits?.[0]?.payments?.refunds ?? []).map(toProviderRefund);
  }

  /**
   * Believed only once PayPal's verify-webhook-signature API says SUCCESS for this event, these
   * headers and the shop's webhook id; then the event names the PayPal order it is about, and the
   * service asks PayPal for that order again before acting.
   */
  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookAction> {
    let event: PayPalWebhookEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as PayPalWebhookEvent;
    } catch {
      throw new WebhookSignatureError('The webhook body is not JSON');
    }
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const transmission = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
    };
    if (Object.values(transmission).some((value) => !value) || typeof event?.id !== 'string') {
      throw new WebhookSignatureError('The webhook lacks PayPal transmission headers');
    }
    const token = await this.accessToken();
    const response = await fetch(`${this.apiUrl}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // The event as it arrived, byte for byte: a re-serialised one fails PayPal's check.
      body: `{"auth_algo":${JSON.stringify(transmission.auth_algo)},"cert_url":${JSON.stringify(transmission.cert_url)},"transmission_id":${JSON.stringify(transmission.transmission_id)},"transmission_sig":${JSON.stringify(transmission.transmission_sig)},"transmission_time":${JSON.stringify(transmission.transmission_time)},"webhook_id":${JSON.stringify(this.webhookId)},"webhook_event":${rawBody.toString('utf8')}}`,
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) {
      // PayPal could not answer: a 500 makes PayPal send the event again later.
      if (response.status >= 500 || response.status === 429)
        throw new Error(`PayPal's webhook verification answered ${response.status}`);
      throw new WebhookSignatureError(`PayPal refused to verify the webhook (${response.status})`);
    }
    const verdict = (await response.json()) as { verification_status?: string };
    if (verdict.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify the webhook signature');

    const resource = event.resource ?? {};
    if (PAID_EVENTS.has(event.event_type)) {
      const paymentId =
        event.event_type === 'CHECKOUT.ORDER.APPROVED' ? resource.id : resource.supplementary_data?.related_ids?.order_id;
      if (!paymentId) return { type: 'ignored', eventId: event.id, eventType: event.event_type };
      // The order named in the event is only a lead: the service asks PayPal for it.
      const order = await this.getOrder(paymentId);
      return { type: 'payment_succeeded', eventId: event.id, paymentId, orderId: order?.purchaseUnits?.[0]?.customId || null };
    }
    if (REFUND_EVENTS.has(event.event_type)) {
      const captureId = captureIdOf(resource);
      if (!captureId) return { type: 'ignored', eventId: event.id, eventType: event.event_type };
      const paymentId = await this.orderOfCapture(captureId);
      if (!paymentId) return { type: 'ignored', eventId: event.id, eventType: event.event_type };
      return {
        type: 'refunded',
        eventId: event.id,
        paymentId,
        reason: event.event_type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversed' : null,
      };
    }
    return { type: 'ignored', eventId: event.id, eventType: event.event_type };
  }

  /** PayPal's order as it is now; null when it does not exist (or the id cannot be one). */
  private async getOrder(paymentId: string): Promise<(PayPalOrder & { id: string }) | null> {
    if (typeof paymentId !== 'string' || !PAYPAL_ORDER_ID.test(paymentId)) return null;
    try {
      const { orders } = await this.connect();
      const { result } = await orders.getOrder({ id: paymentId });
      return result.id ? (result as PayPalOrder & { id: string }) : null;
    } catch (error) {
      if (isApiError(error) && error.statusCode === 404) return null;
      throw asAccountError(error) ?? error;
    }
  }

  /** The PayPal order a capture belongs to, as PayPal's captures API says. */
  private async orderOfCapture(captureId: string): Promise<string | null> {
    try {
      const { payments } = await this.connect();
      const { result } = await payments.getCapturedPayment({ captureId });
      return result.supplementaryData?.relatedIds?.orderId ?? null;
    } catch (error) {
      if (isApiError(error) && error.statusCode === 404) return null;
      throw asAccountError(error) ?? error;
    }
  }

  private async accessToken(): Promise<string> {
    try {
      const { client } = await this.connect();
      this.token = await client.clientCredentialsAuthManager.updateToken(this.token);
      return this.token.accessToken;
    } catch (error) {
      throw asAccountError(error) ?? error;
    }
  }
}

/** An axios transport sending each request to `target` (plain HTTP) rather than PayPal's host. */
function redirectedTransport(target: URL) {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`Unsupported PayPal API URL: ${target.href}`);
  const transport = target.protocol === 'https:' ? https : http;
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  return {
    request: (options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) =>
      transport.request(
        { ...options, protocol: target.protocol, hostname: target.hostname, host: target.hostname, port, agent: undefined },
        callback,
      ),
  };
}

interface PayPalWebhookEvent {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: Array<{ rel?: string; href?: string }>;
  };
}

/** A refund resource's capture: its link with rel "up" ends in /v2/payments/captures/{id}. */
function captureIdOf(resource: NonNullable<PayPalWebhookEvent['resource']>): string | null {
  const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
  const match = /\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(up);
  return match ? match[1] : null;
}

/**
 * PayPal's order status as ours. APPROVED is the parent's consent, not money: only a completed
 * capture is 'succeeded'; a pending one (eChecks, reviews) is 'processing'.
 */
export function mapPayPalStatus(status: string, captured: boolean, pending: boolean, declined: boolean): PaymentStatus {
  if (captured) return 'succeeded';
  if (pending) return 'processing';
  if (declined) return 'failed';
  switch (status) {
    case 'CREATED':
    case 'SAVED':
      return 'requires_payment_method';
    case 'APPROVED':
    case 'PAYER_ACTION_REQUIRED':
      return 'requires_action';
    case 'VOIDED':
      return 'canceled';
    default:
      return 'failed';
  }
}

/** Whether PayPal's order can be handed to the page (or captured) for this order and amount. */
function paysRequest(order: PayPalOrder, request: Pick<PaymentRequest, 'orderId' | 'amountCents' | 'currency'>): boolean {
  const unit = order.purchaseUnits?.[0];
  const captures = unit?.payments?.captures ?? [];
  // Completed with every capture declined: it can never pay, and a new one is asked for.
  const dead =
    order.status === 'COMPLETED' && captures.every((capture) => capture.status === 'DECLINED' || capture.status === 'FAILED');
  return (
    order.status !== 'VOIDED' &&
    !dead &&
    unit?.customId === request.orderId &&
    fromPayPalValue(unit.amount?.value) === request.amountCents &&
    (unit.amount?.currencyCode ?? '').toUpperCase() === request.currency.toUpperCase()
  );
}

function toProviderRefund(refund: PayPalRefund): ProviderRefund {
  const statuses: Record<string, RefundStatus> = {
    COMPLETED: 'succeeded',
    PENDING: 'pending',
    FAILED: 'failed',
    CANCELLED: 'canceled',
  };
  return {
    refundId: refund.id ?? '',
    amountCents: fromPayPalValue(refund.amount?.value) ?? 0,
    status: statuses[String(refund.status)] ?? 'pending',
    reference: refund.customId || null,
    failureReason: refund.statusDetails?.reason ?? null,
  };
}
