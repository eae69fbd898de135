/**
 * A local fake of the part of PayPal's REST API the shop uses, as PayPal documents it:
 *
 * - OAuth 2.0 (https://developer.paypal.com/api/rest/authentication/): POST /v1/oauth2/token with
 *   `grant_type=client_credentials` and `Authorization: Basic base64(client_id:secret)`; answers
 *   `access_token`, `token_type: Bearer`, `expires_in`. A wrong client is 401 `invalid_client`;
 *   every other call needs `Authorization: Bearer {access_token}`, else 401.
 * - Orders v2 (https://developer.paypal.com/docs/api/orders/v2/): POST /v2/checkout/orders (intent,
 *   purchase_units with amount { currency_code, value }, custom_id, invoice_id), GET
 *   /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture, which needs an APPROVED order:
 *   422 ORDER_NOT_APPROVED before, 422 ORDER_ALREADY_CAPTURED after, 422 INSTRUMENT_DECLINED when
 *   the payer's funding source fails. `Prefer: return=representation` gives the whole order,
 *   `return=minimal` its id, status and links. 404 RESOURCE_NOT_FOUND for an unknown id.
 * - Payments v2 (https://developer.paypal.com/docs/api/payments/v2/): GET
 *   /v2/payments/captures/{id} (with `supplementary_data.related_ids.order_id`) and POST
 *   /v2/payments/captures/{id}/refund (all that is left without an amount; 422
 *   CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED); a refund's `up` link names its capture.
 * - Idempotency (https://developer.paypal.com/api/rest/reference/idempotency/): a POST with a
 *   PayPal-Request-Id seen before answers as it did the first time.
 * - Webhooks: events signed as PayPal signs them, SHA256withRSA over
 *   `transmission_id|transmission_time|webhook_id|crc32(body)`, with the PAYPAL-* transmission
 *   headers; POST /v1/notifications/verify-webhook-signature
 *   (https://developer.paypal.com/api/webhooks/v1/verify-webhook-signature-post) answers
 *   `verification_status` SUCCESS or FAILURE by checking exactly that.
 *
 * - PayPal's JS SDK (https://developer.paypal.com/sdk/js/reference/): GET /sdk/js defines
 *   `paypal.Buttons({ createOrder, onApprove, onCancel, onError })` with `isEligible`, `render` and
 *   `close`. Its button calls createOrder, then opens a stand-in for PayPal's window in the page,
 *   where the payer pays with a card that is declined, with their PayPal balance, or cancels;
 *   paying approves the order (POST /sdk/approve) and calls onApprove with `orderID`, `payerID`
 *   and `actions.restart()`, which opens the window again for the same order.
 *
 * Test controls: the payer approves an order (optionally with an instrument that will be
 * declined), a payee account that is restricted, the next call to a path fails, and the requests.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

interface Money {
  currency_code: string;
  value: string;
}

export interface FakePayPalCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'DECLINED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: boolean;
  create_time: string;
  links: Array<{ href: string; rel: string; method: string }>;
}

export interface FakePayPalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: Money;
  custom_id?: string;
  note_to_payer?: string;
  create_time: string;
  links: Array<{ href: string; rel: string; method: string }>;
}

export interface FakePayPalOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  create_time: string;
  update_time: string;
  purchase_units: Array<{
    reference_id: string;
    amount: Money;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    payments?: { captures?: FakePayPalCapture[]; refunds?: FakePayPalRefund[] };
  }>;
  payer?: { email_address: string; payer_id: string };
  /**
   * The payer's next capture is declined: 'instrument' answers 422 INSTRUMENT_DECLINED (the payer
   * may choose another funding source), 'capture' a 201 whose capture is DECLINED (the order is done).
   */
  declineCapture: false | 'instrument' | 'capture';
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: FakePayPalOrder[];
  requests: FakePayPalRequest[];
  /** Every capture call made, including refused ones. */
  captureCalls: number;
  /** PayPal refuses the shop's account (PAYEE_ACCOUNT_RESTRICTED) from now on. */
  restrictPayee: boolean;
  /** The app's credentials are refused (its secret was reset): OAuth and every call with its tokens answer 401. */
  credentialsRevoked: boolean;
  /** The JS SDK's address answers 503, as when PayPal's script cannot be loaded. */
  sdkUnavailable: boolean;
  /** The payer approves the order in PayPal's window; `declined`: how the instrument chosen will be declined at capture. */
  approve(orderId: string, options?: { declined?: boolean | 'capture' }): FakePayPalOrder;
  /** The next request to `path` answers `status` (a PayPal error body). */
  failNext(method: string, path: string, status: number): void;
  /** A webhook as PayPal sends it: its raw body and headers, signed for `webhookId` (the shop's unless given). */
  webhook(
    eventType: string,
    resource: object,
    options?: { webhookId?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** The shop's settings for PayPal at `paypal`. */
export function paypalEnv(paypal: Pick<FakePayPal, 'clientId' | 'clientSecret' | 'webhookId' | 'url'>): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.url,
  };
}

/** An id as PayPal writes them: 17 upper-case letters and digits. */
const paypalId = () => Array.from(randomBytes(17), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[byte % 36]).join('');

const VALUE = /^\d{1,10}(\.\d{1,2})?$/;
const cents = (value: string) => Math.round(Number(value) * 100);
const money = (currency: string, amount: number): Money => ({ currency_code: currency, value: (amount / 100).toFixed(2) });

/** The JS SDK's stand-in: PayPal's Buttons API, and a window where the payer chooses how to pay. */
const FAKE_SDK = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  function Buttons(props) {
    var container = null;
    function openWindow(orderID) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', 'PayPal');
      dialog.style.cssText = 'position:fixed;top:10%;left:5%;right:5%;background:#fff;color:#000;border:2px solid #003087;padding:16px;z-index:10000;display:grid;gap:8px';
      var title = document.createElement('p');
      title.textContent = 'PayPal: choose how to pay';
      dialog.appendChild(title);
      [['Pay with Visa ending 0002', true], ['Pay with PayPal balance', false]].forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[0];
        button.onclick = function () {
          dialog.remove();
          fetch(origin + '/sdk/approve', { method: 'POST', body: JSON.stringify({ orderID: orderID, declined: choice[1] }) })
            .then(function (response) { if (!response.ok) throw new Error('PayPal could not approve the order'); return response.json(); })
            .then(function (payer) {
              return props.onApprove({ orderID: orderID, payerID: payer.payer_id }, {
                restart: function () { openWindow(orderID); return Promise.resolve(); },
              });
            })
            .catch(function (error) { if (props.onError) props.onError(error); });
        };
        dialog.appendChild(button);
      });
      var cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = 'Cancel and return to the shop';
      cancel.onclick = function () { dialog.remove(); if (props.onCancel) props.onCancel({ orderID: orderID }); };
      dialog.appendChild(cancel);
      document.body.appendChild(dialog);
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.style.cssText = 'width:100%;min-height:45px;background:#ffc439;border:0;border-radius:4px;font-weight:700';
        button.onclick = function () {
          Promise.resolve()
            .then(function () { return props.createOrder({ paymentSource: 'paypal' }, {}); })
            .then(openWindow)
            .catch(function (error) { if (props.onError) props.onError(error); });
        };
        container.appendChild(button);
        if (props.onInit) props.onInit({}, { enable: function () { return Promise.resolve(); }, disable: function () { return Promise.resolve(); } });
        return Promise.resolve();
      },
      close: function () { if (container) container.textContent = ''; return Promise.resolve(); },
      updateProps: function () { return Promise.resolve(); },
    };
  }
  window.paypal = { Buttons: Buttons, version: 'fake' };
})();
`;

export async function startFakePayPal(): Promise<FakePayPal> {
  const clientId = `fake-client-${randomUUID().slice(0, 8)}`;
  const clientSecret = `fake-secret-${randomUUID()}`;
  const webhookId = paypalId();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const orders: FakePayPalOrder[] = [];
  const requests: FakePayPalRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: Array<{ method: string; path: string; status: number }> = [];

  const transmissionSigned = (id: string, time: string, forWebhook: string, body: string) =>
    `${id}|${time}|${forWebhook}|${crc32(Buffer.from(body, 'utf8'))}`;

  const fake: FakePayPal = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    orders,
    requests,
    captureCalls: 0,
    restrictPayee: false,
    credentialsRevoked: false,
    sdkUnavailable: false,
    approve(orderId, options = {}) {
      const order = orders.find((candidate) => candidate.id === orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      order.status = 'APPROVED';
      order.update_time = new Date(Date.now() + orders.length).toISOString();
      order.payer = { email_address: 'parent@example.com', payer_id: paypalId().slice(0, 13) };
      order.declineCapture = options.declined === 'capture' ? 'capture' : options.declined ? 'instrument' : false;
      return order;
    },
    failNext(method, path, status) {
      failures.push({ method, path, status });
    },
    webhook(eventType, resource, options = {}) {
      const event = {
        id: `WH-${paypalId()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('CHECKOUT.ORDER')
          ? 'checkout-order'
          : eventType.includes('REFUND')
            ? 'refund'
            : 'capture',
        event_type: eventType,
        summary: eventType,
        resource,
      };
      const body = JSON.stringify(event);
      const transmissionId = randomUUID();
      const transmissionTime = new Date().toISOString();
      const signer = createSign('sha256');
      signer.update(transmissionSigned(transmissionId, transmissionTime, options.webhookId ?? webhookId, body));
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': signer.sign(privateKey, 'base64'),
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const error = (status: number, name: string, issue?: string, description?: string) => ({
    status,
    body: {
      name,
      message: description ?? name,
      debug_id: randomBytes(6).toString('hex'),
      ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    },
  });

  const orderView = (order: FakePayPalOrder, prefer: string | undefined) => {
    const links = [
      { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${fake.url}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ];
    if (prefer?.includes('return=minimal')) return { id: order.id, status: order.status, links };
    const { declineCapture: _declineCapture, ...rest } = order;
    return { ...rest, links };
  };

  const findCapture = (captureId: string) => {
    for (const order of orders) {
      const capture = order.purchase_units[0].payments?.captures?.find((candidate) => candidate.id === captureId);
      if (capture) return { order, capture };
    }
    return null;
  };

  function route(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    raw: string,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (fake.credentialsRevoked || headers.authorization !== expected || !new URLSearchParams(raw).get('grant_type')) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: randomUUID(),
        },
      };
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer) || fake.credentialsRevoked)
      return error(
        401,
        'AUTHENTICATION_FAILURE',
        undefined,
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    let body: any = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }
    const prefer = headers.prefer as string | undefined;

    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      for (const field of [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
        'webhook_event',
      ]) {
        if (!body[field]) return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${field} is required`);
      }
      const verifier = createVerify('sha256');
      verifier.update(
        transmissionSigned(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event)),
      );
      const valid = body.auth_algo === 'SHA256withRSA' && verifier.verify(publicKey, String(body.transmission_sig), 'base64');
      return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
    }

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body.purchase_units?.[0];
      if (!['CAPTURE', 'AUTHORIZE'].includes(body.intent))
        return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent');
      if (!unit?.amount?.currency_code || !VALUE.test(String(unit.amount.value ?? '')) || cents(unit.amount.value) <= 0) {
        return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'purchase_units[0].amount');
      }
      if (fake.restrictPayee)
        return error(422, 'UNPROCESSABLE_ENTITY', 'PAYEE_ACCOUNT_RESTRICTED', 'The merchant account is restricted.');
      const now = new Date().toISOString();
      const order: FakePayPalOrder = {
        id: paypalId(),
        intent: body.intent,
        status: 'CREATED',
        create_time: now,
        update_time: now,
        purchase_units: [
          {
            reference_id: unit.reference_id ?? 'default',
            amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
            ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
            ...(unit.description ? { description: unit.description } : {}),
          },
        ],
        declineCapture: false,
      };
      orders.push(order);
      return { status: 201, body: orderView(order, prefer) };
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.find((candidate) => candidate.id === orderMatch[1]);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: orderView(order, 'return=representation') };
      if (method === 'POST' && orderMatch[2]) {
        fake.captureCalls += 1;
        if (order.status === 'COMPLETED')
          return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order.status !== 'APPROVED')
          return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        if (fake.restrictPayee)
          return error(422, 'UNPROCESSABLE_ENTITY', 'PAYEE_ACCOUNT_RESTRICTED', 'The merchant account is restricted.');
        if (order.declineCapture === 'instrument') {
          // The payer must choose another funding source: the buttons restart on the same order.
          order.status = 'CREATED';
          order.declineCapture = false;
          order.update_time = new Date().toISOString();
          return error(
            422,
            'UNPROCESSABLE_ENTITY',
            'INSTRUMENT_DECLINED',
            'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
          );
        }
        const unit = order.purchase_units[0];
        const captureId = paypalId();
        const declined = order.declineCapture === 'capture';
        order.declineCapture = false;
        unit.payments = {
          ...unit.payments,
          captures: [
            {
              id: captureId,
              status: declined ? 'DECLINED' : 'COMPLETED',
              amount: { ...unit.amount },
              ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
              ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
              final_capture: true,
              create_time: new Date().toISOString(),
              links: [
                { href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
                { href: `${fake.url}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
                { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
              ],
            },
          ],
        };
        order.status = 'COMPLETED';
        order.update_time = new Date().toISOString();
        return { status: 201, body: orderView(order, prefer) };
      }
    }

    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (captureMatch) {
      const found = findCapture(captureMatch[1]);
      if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      const { order, capture } = found;
      if (method === 'GET' && !captureMatch[2]) {
        return { status: 200, body: { ...capture, supplementary_data: { related_ids: { order_id: order.id } } } };
      }
      if (method === 'POST' && captureMatch[2]) {
        const refunds = (order.purchase_units[0].payments!.refunds ??= []);
        const refunded = refunds
          .filter((refund) => refund.status !== 'FAILED' && refund.status !== 'CANCELLED')
          .reduce((sum, refund) => sum + cents(refund.amount.value), 0);
        const left = cents(capture.amount.value) - refunded;
        if (left <= 0)
          return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
        if (
          body.amount &&
          (!VALUE.test(String(body.amount.value)) || body.amount.currency_code !== capture.amount.currency_code)
        ) {
          return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount');
        }
        const amount = body.amount ? cents(body.amount.value) : left;
        if (amount > left)
          return error(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        const refundId = paypalId();
        const refund: FakePayPalRefund = {
          id: refundId,
          status: 'COMPLETED',
          amount: money(capture.amount.currency_code, amount),
          ...(body.custom_id ? { custom_id: body.custom_id } : {}),
          ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
          create_time: new Date().toISOString(),
          links: [
            { href: `${fake.url}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
            { href: `${fake.url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
          ],
        };
        refunds.push(refund);
        capture.status = amount === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        return { status: 201, body: refund };
      }
    }
    return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `No route for ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      // The SDK reaches the fake as its proxy (an absolute URL for PayPal's host); fetch, directly.
      const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
      const method = req.method ?? 'GET';
      let parsed: unknown = raw;
      try {
        parsed = raw && (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : raw;
      } catch {
        // kept as text
      }
      requests.push({ method, path, headers: req.headers, body: parsed });
      // The payer's side: PayPal's JS SDK as the page loads it, and the payer's choice in its window.
      if (method === 'GET' && path === '/sdk/js') {
        if (fake.sdkUnavailable) {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end(FAKE_SDK);
        return;
      }
      if (method === 'POST' && path === '/sdk/approve') {
        const { orderID, declined } = (typeof parsed === 'string' ? JSON.parse(parsed || '{}') : parsed) as {
          orderID: string;
          declined?: boolean;
        };
        const order = orders.find((candidate) => candidate.id === orderID);
        res.writeHead(order ? 200 : 404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(
          JSON.stringify(order ? fake.approve(orderID, { declined: Boolean(declined) }).payer : { name: 'RESOURCE_NOT_FOUND' }),
        );
        return;
      }
      const failure = failures.findIndex((candidate) => candidate.method === method && candidate.path === path);
      let answer: { status: number; body: unknown };
      if (failure >= 0) {
        const [{ status }] = failures.splice(failure, 1);
        answer = error(status, status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNPROCESSABLE_ENTITY');
      } else {
        const requestId = req.headers['paypal-request-id'];
        const key = typeof requestId === 'string' && method === 'POST' ? `${path} ${requestId}` : null;
        const replay = key ? replies.get(key) : undefined;
        answer = replay ?? route(method, path, req.headers, raw);
        if (key && !replay && answer.status < 500) replies.set(key, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
