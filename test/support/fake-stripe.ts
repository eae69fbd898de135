/**
 * A local fake of the part of Stripe's REST API the shop uses, for the Stripe provider's unit
 * tests and the API tests. The real `stripe` SDK talks to it through its host, port and
 * protocol options, so the requests, form encoding, headers, retries and errors are the SDK's
 * own. It is no kinder than Stripe, as Stripe documents itself:
 *
 * - API keys (https://docs.stripe.com/api/authentication, https://docs.stripe.com/api/errors):
 *   only the secret key the fake was started with is accepted; any other key, or none, is a 401
 *   with an error of type invalid_request_error ("Invalid API Key provided"), answered before
 *   the idempotency layer, so nothing is saved for it.
 * - Idempotent requests (https://docs.stripe.com/api/idempotent_requests,
 *   https://docs.stripe.com/error-low-level#idempotency): the first answer to a keyed POST is
 *   saved once the endpoint began, whatever it was, 500s included, and replayed (header
 *   Idempotent-Replayed: true) to every later request with the same key and parameters; other
 *   parameters are a 400 idempotency_error. A request arriving while another with the same key
 *   is still running is a 409 (code idempotency_key_in_use, https://docs.stripe.com/error-codes)
 *   and nothing is saved for it. A saved 500 is sent with Stripe-Should-Retry: false, so the SDK
 *   does not retry what would only be replayed. Keys are forgotten after 24 hours
 *   (forgetIdempotencyKeys).
 * - GET /v1/balance (the shop's start-up check of its key).
 * - POST /v1/payment_intents (form-encoded, nested keys like metadata[orderId]);
 *   GET /v1/payment_intents/:id, 404 resource_missing when unknown; POST
 *   /v1/payment_intents/:id/cancel (https://docs.stripe.com/api/payment_intents/cancel): only from
 *   requires_payment_method, requires_capture, requires_confirmation or requires_action, else a
 *   400 payment_intent_unexpected_state; the intent is `canceled` with its cancellation_reason.
 * - Refunds (https://docs.stripe.com/refunds, https://docs.stripe.com/api/refunds/object):
 *   POST /v1/refunds (payment_intent, amount, metadata): only a succeeded intent, never more
 *   than is left of it (charge_already_refunded, amount_too_large); without a matching key,
 *   asking twice makes two refunds. A refund may be `pending` (refundsPending) and later become
 *   `succeeded` or `failed` (settleRefund), which Stripe announces with `refund.updated` and
 *   `refund.failed` events (https://docs.stripe.com/api/events/types); a failed refund no longer
 *   counts against what is left. GET /v1/refunds?payment_intent= lists an intent's refunds,
 *   newest first, as Stripe does.
 * - The browser's side (https://docs.stripe.com/api/payment_intents/confirm, "with a publishable
 *   key"): POST /v1/payment_intents/:id/confirm with `key` (a pk_test_ key) and the intent's
 *   `client_secret`, answered with CORS as api.stripe.com does; Stripe's test payment methods
 *   pm_card_visa (succeeded) and pm_card_chargeDeclined (a 402 card_error card_declined, the intent
 *   back to requires_payment_method). GET /stripe.js is a stand-in for Stripe.js
 *   (https://docs.stripe.com/js) for browser tests, which serve it as js.stripe.com's script and
 *   send api.stripe.com's requests here: `Stripe(key)`, `elements({ clientSecret })`,
 *   `elements.create('payment' | 'expressCheckout')` with mount/on/off/update/destroy and the
 *   `ready` (with `availablePaymentMethods`) and `confirm` (with `paymentFailed`) events, and
 *   `confirmPayment({ elements, confirmParams, redirect })`. Its payment element is a plain
 *   "Card number (Stripe)" field; its express checkout element one "Google Pay" button, paying with
 *   window.fakeStripeWalletCard (4242 4242 4242 4242 unless set).
 * - Test controls to move an intent along as the browser and Stripe would, and to hold a request
 *   in flight (hold) so that concurrent requests can be made deterministically.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { WebhookRequest } from '../../server/src/payments/payment-provider';

export interface FakeLastPaymentError {
  type: string;
  code: string | null;
  decline_code: string | null;
  message: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: FakeLastPaymentError | null;
  capture_method: string;
  livemode: false;
  created: number;
  canceled_at?: number | null;
  cancellation_reason?: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: string;
  reason: string | null;
  /** Why a failed refund failed (e.g. expired_or_canceled_card); null otherwise. */
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  idempotencyKey: string | null;
  /** The form body decoded into nested objects (all leaves are strings, as sent). */
  body: Record<string, unknown>;
  rawBody: string;
  /** The status the fake answered. */
  status: number;
}

export interface FailNextOptions {
  /** How many requests in a row fail (default 1). */
  count?: number;
  /**
   * Default 500: Stripe's endpoint failed. A keyed POST's 500 is saved and replayed under its key
   * (with Stripe-Should-Retry: false), as Stripe does; an unkeyed request's 500 is retried by the SDK.
   * A 4xx (e.g. 403) is answered before the endpoint runs and is not saved.
   */
  status?: number;
  /**
   * Process the request first (its real answer is saved under its key), then lose the answer on
   * the way back as a network failure would: the client sees a 500 that is not saved, and retries.
   */
  afterProcessing?: boolean;
}

export interface FakeStripeOptions {
  /** The account's secret key; any other is refused with a 401. Default sk_test_storybook. */
  secretKey?: string;
}

export interface HeldRequest {
  /** Resolves once a matching request has arrived and is being held. */
  arrived: Promise<void>;
  /** Lets the held request go on. */
  release(): void;
}

export interface FakeStripe {
  host: string;
  port: number;
  protocol: 'http';
  /** http://127.0.0.1:<port>, e.g. for STRIPE_API_URL. */
  url: string;
  /** Every intent created, by id. Mutate through the controls below. */
  intents: Map<string, FakePaymentIntent>;
  /** Every request received, in order. */
  requests: FakeStripeRequest[];
  /** The intent was paid: status succeeded, amount_received (default: its amount) and currency. */
  succeed(id: string, options?: { amountReceived?: number; currency?: string }): FakePaymentIntent;
  /** Any other status, optionally with a last_payment_error (e.g. requires_payment_method + card_declined). */
  setStatus(id: string, status: string, options?: { lastPaymentErrorCode?: string; declineCode?: string }): FakePaymentIntent;
  /** Makes the intent name another order in its metadata (null removes the key). */
  setMetadataOrderId(id: string, orderId: string | null): FakePaymentIntent;
  /** The next API requests fail with a Stripe api_error. */
  failNext(options?: FailNextOptions): void;
  /** Stripe forgets idempotency keys after 24 hours: simulate that. */
  forgetIdempotencyKeys(): void;
  /** The secret key the fake accepts. */
  secretKey: string;
  /** Accepts `key` instead from now on, as after "Roll key" in Stripe's dashboard: the shop's old key gets 401s. */
  useSecretKey(key: string): void;
  /**
   * Holds the next request to `path` (method POST unless given) after it passed the idempotency
   * layer and before the endpoint runs, until released: a second request meanwhile runs alongside it.
   */
  hold(path: string, method?: string): HeldRequest;
  /** New refunds start `pending` (as bank or some card refunds do) instead of `succeeded`. */
  refundsPending: boolean;
  /**
   * A pending refund settles: `succeeded`, or `failed` (with a failure_reason; it no longer counts
   * against the payment); a succeeded one may still fail. Returns the event Stripe sends:
   * `refund.updated`, or `refund.failed`.
   */
  settleRefund(
    refundId: string,
    status: 'succeeded' | 'failed',
    options?: { failureReason?: string; eventId?: string },
  ): StripeEventLike;
  /** Every refund made, by id. */
  refunds: Map<string, FakeRefund>;
  /** A refund made in Stripe's own dashboard (default: what is left of the intent). */
  refundInDashboard(paymentIntentId: string, options?: { amount?: number; reason?: string }): FakeRefund;
  /** A `charge.refunded` event with the intent's charge as it now stands (amount and amount_refunded). */
  chargeRefundedEvent(paymentIntentId: string, options?: { eventId?: string }): StripeEventLike;
  /** A Stripe event (e.g. payment_intent.succeeded) carrying a snapshot of the intent. */
  eventFor(id: string, type?: string, options?: { eventId?: string }): StripeEventLike;
  close(): Promise<void>;
}

export interface StripeEventLike {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The stand-in for Stripe.js served at GET /stripe.js (see the header comment). */
const FAKE_STRIPE_JS = `(function () {
  function Stripe(key) {
    function elements(options) {
      var group = { clientSecret: options && options.clientSecret, card: null, walletCard: null, created: {} };
      group.getElement = function (type) { return group.created[type] || null; };
      group.create = function (type) {
        var handlers = {};
        var node = null;
        var element = {
          mount: function (target) {
            node = typeof target === 'string' ? document.querySelector(target) : target;
            if (type === 'payment') {
              var label = document.createElement('label');
              label.textContent = 'Card number (Stripe)';
              var input = document.createElement('input');
              input.inputMode = 'numeric';
              label.appendChild(input);
              node.appendChild(label);
              group.card = input;
            } else if (type === 'expressCheckout') {
              var button = document.createElement('button');
              button.type = 'button';
              button.textContent = 'Google Pay';
              button.addEventListener('click', function () {
                group.walletCard = window.fakeStripeWalletCard || '4242424242424242';
                if (handlers.confirm) handlers.confirm({
                  elementType: 'expressCheckout',
                  expressPaymentType: 'google_pay',
                  billingDetails: {},
                  paymentFailed: function (payload) {
                    document.body.setAttribute('data-wallet-failed', (payload && payload.reason) || 'fail');
                  },
                });
              });
              node.appendChild(button);
            }
            setTimeout(function () {
              if (handlers.ready) handlers.ready({
                elementType: type,
                availablePaymentMethods: type === 'expressCheckout' ? { googlePay: true, applePay: false, link: false } : undefined,
              });
            }, 0);
          },
          on: function (event, handler) { handlers[event] = handler; return element; },
          off: function (event) { delete handlers[event]; return element; },
          update: function () {},
          unmount: function () { if (node) node.innerHTML = ''; },
          destroy: function () { if (node) node.innerHTML = ''; delete group.created[type]; },
        };
        group.created[type] = element;
        return element;
      };
      group.update = function () {};
      group.submit = function () { return Promise.resolve({}); };
      return group;
    }
    function confirmPayment(options) {
      var group = options.elements;
      var secret = options.clientSecret || group.clientSecret;
      var number = group.walletCard || (group.card ? group.card.value.replace(/\\s+/g, '') : '');
      group.walletCard = null;
      var method = number === '4242424242424242' ? 'pm_card_visa' : number === '4000000000000002' ? 'pm_card_chargeDeclined' : null;
      if (!method) return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
      var body = new URLSearchParams({ key: key, client_secret: secret, payment_method: method });
      return fetch('https://api.stripe.com/v1/payment_intents/' + secret.split('_secret_')[0] + '/confirm', { method: 'POST', body: body })
        .then(function (response) {
          return response.json().then(function (json) { return response.ok ? { paymentIntent: json } : { error: json.error }; });
        });
    }
    var none = function () { return Promise.reject(new Error('not in the stand-in')); };
    return { elements: elements, confirmPayment: confirmPayment, createToken: none, createPaymentMethod: none, confirmCardPayment: none };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

export function randomStripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return `${prefix}_${out}`;
}

/** metadata[orderId]=x&automatic_payment_methods[enabled]=true -> nested objects. */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) {
      result[key] = value;
      continue;
    }
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node: Record<string, unknown> = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
      } else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

/** Builds an event the way Stripe sends it: the object's snapshot under data.object. */
export function makeStripeEvent(
  type: string,
  object: object,
  options: { eventId?: string; livemode?: boolean } = {},
): StripeEventLike {
  return {
    id: options.eventId ?? randomStripeId('evt'),
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) as Record<string, unknown> },
  };
}

export interface SignedWebhook {
  /** The exact bytes to POST (pretty-printed JSON, as Stripe sends it). */
  body: string;
  /** The Stripe-Signature header value. */
  signature: string;
}

/** A webhook request as the shop's route hands it to the provider: the raw body and Stripe's signature header. */
export function stripeWebhook(rawBody: Buffer, signature: string | undefined): WebhookRequest {
  return { rawBody, headers: { 'stripe-signature': signature } };
}

/**
 * Signs an event with the endpoint secret through the SDK's own test helper. `timestamp`
 * (seconds) lets a test send an old event.
 */
export function signedWebhook(secret: string, event: object, options: { timestamp?: number } = {}): SignedWebhook {
  const body = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: options.timestamp });
  return { body, signature };
}

/**
 * POSTs a signed event to the app's webhook route with Stripe's headers. `signature: null`
 * sends no Stripe-Signature header; `body` replaces the signed body (a tampered delivery).
 */
export async function deliverWebhook(
  appUrl: string,
  secret: string,
  event: object,
  options: { path?: string; signature?: string | null; body?: string; timestamp?: number } = {},
): Promise<Response> {
  const signed = signedWebhook(secret, event, { timestamp: options.timestamp });
  const signature = options.signature === undefined ? signed.signature : options.signature;
  return fetch(`${appUrl.replace(/\/+$/, '')}${options.path ?? '/webhooks/stripe'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    body: options.body ?? signed.body,
  });
}

interface StoredIdempotentResponse {
  path: string;
  rawBody: string;
  status: number;
  responseBody: string;
}

// Fields written out rather than as parameter properties: Node.js runs this file as it is (type
// stripping) for bench/web.bench.mjs.
class ApiError extends Error {
  readonly status: number;
  readonly error: Record<string, unknown>;

  constructor(status: number, error: Record<string, unknown>) {
    super(String(error.message));
    this.status = status;
    this.error = error;
  }
}

function invalidRequest(message: string, extra: Record<string, unknown> = {}, status = 400): ApiError {
  return new ApiError(status, { type: 'invalid_request_error', message, ...extra });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  let secretKey = options.secretKey ?? 'sk_test_storybook';
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, StoredIdempotentResponse>();
  const inFlight = new Set<string>();
  const holds: { path: string; method: string; arrived: () => void; released: Promise<void> }[] = [];
  let refundsPending = false;
  let failures: Required<FailNextOptions> = { count: 0, status: 500, afterProcessing: false };

  const getIntent = (id: string): FakePaymentIntent => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake-stripe: no PaymentIntent ${id}`);
    return intent;
  };

  function createIntent(body: Record<string, unknown>): FakePaymentIntent {
    const amount = body.amount;
    if (amount === undefined)
      throw invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (typeof amount !== 'string' || !/^\d+$/.test(amount) || Number(amount) < 1) {
      throw invalidRequest('Invalid integer: ' + String(amount), { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const currency = body.currency;
    if (currency === undefined)
      throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (typeof currency !== 'string' || !/^[a-z]{3}$/.test(currency)) {
      throw invalidRequest(`Invalid currency: ${String(currency)}.`, { code: 'parameter_invalid_string', param: 'currency' });
    }
    const metadata: Record<string, string> = {};
    if (body.metadata !== undefined) {
      if (typeof body.metadata !== 'object' || body.metadata === null)
        throw invalidRequest('Invalid object', { param: 'metadata' });
      for (const [key, value] of Object.entries(body.metadata)) metadata[key] = String(value);
    }
    const apm = body.automatic_payment_methods as Record<string, unknown> | undefined;
    const id = randomStripeId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amount),
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomStripeId('x', 25).slice(2)}`,
      metadata,
      description: typeof body.description === 'string' ? body.description : null,
      receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
      automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
      last_payment_error: null,
      capture_method: typeof body.capture_method === 'string' ? body.capture_method : 'automatic_async',
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, intent);
    return intent;
  }

  const refundedOf = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
  const chargeIdOf = (intentId: string) => `ch_${intentId.slice(3)}`;

  function createRefund(body: Record<string, unknown>): FakeRefund {
    const intentId = body.payment_intent;
    if (typeof intentId !== 'string')
      throw invalidRequest('Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = intents.get(intentId);
    if (!intent)
      throw invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'payment_intent' }, 404);
    if (intent.status !== 'succeeded' || intent.amount_received <= 0) {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: 'resource_missing',
      });
    }
    const left = intent.amount_received - refundedOf(intentId);
    if (left <= 0)
      throw invalidRequest(`Charge ${chargeIdOf(intentId)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
    if (amount > left) {
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      );
    }
    const metadata: Record<string, string> = {};
    if (body.metadata && typeof body.metadata === 'object') {
      for (const [key, value] of Object.entries(body.metadata)) metadata[key] = String(value);
    }
    const refund: FakeRefund = {
      id: randomStripeId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: chargeIdOf(intentId),
      status: refundsPending ? 'pending' : 'succeeded',
      reason: typeof body.reason === 'string' ? body.reason : null,
      failure_reason: null,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, body: Record<string, unknown>): unknown {
    if (path === '/v1/payment_intents' && method === 'POST') return createIntent(body);
    if (path === '/v1/balance' && method === 'GET') {
      return { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false };
    }
    if (path === '/v1/refunds' && method === 'POST') return createRefund(body);
    if (path === '/v1/refunds' && method === 'GET') {
      const data = [...refunds.values()]
        .filter((r) => body.payment_intent === undefined || r.payment_intent === body.payment_intent)
        .reverse();
      return { object: 'list', url: '/v1/refunds', has_more: false, data };
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const id = decodeURIComponent(one[1]);
      const intent = intents.get(id);
      if (!intent) throw invalidRequest(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
      return intent;
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (cancel && method === 'POST') {
      const id = decodeURIComponent(cancel[1]);
      const intent = intents.get(id);
      if (!intent) throw invalidRequest(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
      const cancelable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'];
      if (!cancelable.includes(intent.status)) {
        throw invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}, processing.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = Math.floor(Date.now() / 1000);
      intent.cancellation_reason = typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
      return intent;
    }
    throw invalidRequest(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  const server = http.createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    const body = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(rawBody);
    const logged: FakeStripeRequest = {
      method,
      path: url.pathname,
      headers: req.headers,
      idempotencyKey,
      body,
      rawBody,
      status: 0,
    };
    requests.push(logged);

    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      logged.status = status;
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomStripeId('req', 14),
        'stripe-version': Stripe.API_VERSION,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...headers,
      });
      res.end(text);
    };
    const apiFailure = () => ({ error: { type: 'api_error', message: 'fake-stripe: simulated failure' } });

    // The browser's side: Stripe.js as the page loads it, and its confirmation with the publishable key.
    if (method === 'GET' && url.pathname === '/stripe.js') {
      logged.status = 200;
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(FAKE_STRIPE_JS);
      return;
    }
    const browserConfirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (browserConfirm && method === 'POST' && typeof body.key === 'string' && body.key.startsWith('pk_test_')) {
      const cors = { 'access-control-allow-origin': '*' };
      const intent = intents.get(decodeURIComponent(browserConfirm[1]!));
      if (!intent || body.client_secret !== intent.client_secret) {
        return send(
          404,
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' } },
          cors,
        );
      }
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
        return send(
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
            },
          },
          cors,
        );
      }
      if (body.payment_method === 'pm_card_chargeDeclined') {
        const declined = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        };
        intent.status = 'requires_payment_method';
        intent.last_payment_error = declined;
        return send(402, { error: { ...declined, payment_intent: intent } }, cors);
      }
      if (body.payment_method !== 'pm_card_visa') {
        return send(
          400,
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod.' } },
          cors,
        );
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      return send(200, intent, cors);
    }

    // Authentication runs before the idempotency layer: nothing is saved for a 401.
    const auth = req.headers.authorization;
    if (typeof auth !== 'string' || !/^Bearer \S+$/.test(auth)) {
      return send(401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } });
    }
    const givenKey = auth.slice('Bearer '.length);
    if (givenKey !== secretKey) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${givenKey.slice(0, 8)}****${givenKey.slice(-4)}`,
        },
      });
    }

    let failure: Required<FailNextOptions> | null = null;
    if (failures.count > 0) {
      failures.count -= 1;
      failure = { ...failures };
    }
    const lostAnswer = failure?.afterProcessing === true;
    const keyed = method === 'POST' && idempotencyKey !== null;

    if (keyed) {
      const previous = idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.path !== url.pathname || previous.rawBody !== rawBody) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (lostAnswer) return send(500, apiFailure());
        return send(previous.status, previous.responseBody, {
          'idempotent-replayed': 'true',
          ...(previous.status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
        });
      }
      if (inFlight.has(idempotencyKey)) {
        return send(409, {
          error: {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
          },
        });
      }
    }

    if (failure && !failure.afterProcessing) {
      // A 4xx here stands for a refusal before the endpoint runs (not saved); a 500 for the
      // endpoint failing, which Stripe saves under the key and replays.
      if (keyed && failure.status >= 500) {
        const responseBody = JSON.stringify(apiFailure(), null, 2);
        idempotent.set(idempotencyKey, { path: url.pathname, rawBody, status: failure.status, responseBody });
        return send(failure.status, responseBody, { 'stripe-should-retry': 'false' });
      }
      return send(failure.status, apiFailure());
    }

    if (keyed) inFlight.add(idempotencyKey);
    let status = 200;
    let payload: unknown;
    try {
      const held = holds.findIndex((h) => h.path === url.pathname && h.method === method);
      if (held >= 0) {
        const [hold] = holds.splice(held, 1);
        hold.arrived();
        await hold.released;
      }
      payload = route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        status = 500;
        payload = apiFailure();
      } else {
        status = error.status;
        payload = { error: error.error };
      }
    } finally {
      if (keyed) inFlight.delete(idempotencyKey);
    }
    const responseBody = JSON.stringify(payload, null, 2);
    // Stripe saves the first answer to a keyed request once its endpoint ran, whatever it was.
    if (keyed) idempotent.set(idempotencyKey, { path: url.pathname, rawBody, status, responseBody });
    if (lostAnswer) return send(500, apiFailure());
    send(status, responseBody, status >= 500 && keyed ? { 'stripe-should-retry': 'false' } : {});
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  return {
    host,
    port,
    protocol: 'http',
    url: `http://${host}:${port}`,
    intents,
    requests,
    refunds,
    get secretKey() {
      return secretKey;
    },
    useSecretKey(key: string) {
      secretKey = key;
    },
    get refundsPending() {
      return refundsPending;
    },
    set refundsPending(value: boolean) {
      refundsPending = value;
    },
    hold(path, method = 'POST') {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ path, method, arrived, released });
      return { arrived: arrivedPromise, release };
    },
    settleRefund(refundId, status, options = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake-stripe: no refund ${refundId}`);
      // A pending refund settles; a succeeded one can still fail later, rarely (https://docs.stripe.com/refunds).
      const settles = refund.status === 'pending' || (refund.status === 'succeeded' && status === 'failed');
      if (!settles) throw new Error(`fake-stripe: refund ${refundId} is ${refund.status}: it cannot become ${status}`);
      const previous = { status: refund.status, failure_reason: refund.failure_reason };
      refund.status = status;
      if (status === 'failed') refund.failure_reason = options.failureReason ?? 'expired_or_canceled_card';
      const event = makeStripeEvent(status === 'failed' ? 'refund.failed' : 'refund.updated', refund, {
        eventId: options.eventId,
      });
      return { ...event, data: { ...event.data, previous_attributes: previous } };
    },
    refundInDashboard(paymentIntentId, options = {}) {
      return createRefund({
        payment_intent: paymentIntentId,
        ...(options.amount !== undefined ? { amount: String(options.amount) } : {}),
        reason: options.reason,
      });
    },
    chargeRefundedEvent(paymentIntentId, options = {}) {
      const intent = getIntent(paymentIntentId);
      const refunded = refundedOf(paymentIntentId);
      const charge = {
        id: chargeIdOf(paymentIntentId),
        object: 'charge',
        amount: intent.amount_received,
        amount_captured: intent.amount_received,
        amount_refunded: refunded,
        refunded: refunded >= intent.amount_received,
        currency: intent.currency,
        payment_intent: paymentIntentId,
        metadata: { ...intent.metadata },
        status: 'succeeded',
        livemode: false,
      };
      return makeStripeEvent('charge.refunded', charge, { eventId: options.eventId });
    },
    succeed(id, options = {}) {
      const intent = getIntent(id);
      intent.status = 'succeeded';
      intent.amount_received = options.amountReceived ?? intent.amount;
      if (options.currency !== undefined) intent.currency = options.currency.toLowerCase();
      intent.last_payment_error = null;
      return intent;
    },
    setStatus(id, status, options = {}) {
      const intent = getIntent(id);
      intent.status = status;
      if (status !== 'succeeded') intent.amount_received = 0;
      intent.last_payment_error =
        options.lastPaymentErrorCode || options.declineCode
          ? {
              type: 'card_error',
              code: options.lastPaymentErrorCode ?? null,
              decline_code: options.declineCode ?? null,
              message: 'Your card was declined.',
            }
          : null;
      return intent;
    },
    setMetadataOrderId(id, orderId) {
      const intent = getIntent(id);
      if (orderId === null) delete intent.metadata.orderId;
      else intent.metadata.orderId = orderId;
      return intent;
    },
    failNext(options = {}) {
      failures = { count: options.count ?? 1, status: options.status ?? 500, afterProcessing: options.afterProcessing ?? false };
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    eventFor(id, type = 'payment_intent.succeeded', options = {}) {
      return makeStripeEvent(type, getIntent(id), { eventId: options.eventId });
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
