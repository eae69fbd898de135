/**
 * The Stripe provider through the real `stripe` SDK against a local fake of Stripe's REST API,
 * and webhooks signed with the SDK's own test-header helper.
 */
import { PaymentAccountError, WebhookSignatureError, type PaymentRequest } from '../payment-provider';
import { mapStripeStatus, StripeProvider, stripeApiTarget, stripeIdempotencyKey } from './stripe.provider';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeStripeForm,
  deliverWebhook,
  type FakeStripe,
  makeStripeEvent,
  signedWebhook,
  stripeWebhook,
  startFakeStripe,
} from '../../../../test/support/fake-stripe';

const SECRET_KEY = 'sk_test_provider_unit';
const PUBLISHABLE_KEY = 'pk_test_provider_unit';
const WEBHOOK_SECRET = 'whsec_provider_unit_secret';

const ORDER_ID = '0b8e8f43-3a55-4a6e-9f59-2a4a5b0e6c11';
const OTHER_ORDER_ID = '7d1c2b9a-81f4-4f8e-b0a7-5c1e9d3f2a40';
const KEY = `order-${ORDER_ID}-2500-usd`;

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    orderId: ORDER_ID,
    amountCents: 2500,
    currency: 'USD',
    email: 'parent@example.com',
    description: 'Digital Comic Book for Mia',
    ...overrides,
  };
}

let fake: FakeStripe;
let provider: StripeProvider;

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  provider = new StripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
  });
});

afterEach(async () => {
  await fake.close();
});

const apiRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/'));

describe('StripeProvider.createPayment', () => {
  it('creates a PaymentIntent with the amount, lower-case currency, order id and the customer e-mail', async () => {
    const started = await provider.createPayment(request());

    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe(PUBLISHABLE_KEY);
    expect(started.paymentId).toMatch(/^pi_[A-Za-z0-9]+$/);
    const intent = fake.intents.get(started.paymentId)!;
    expect(started.clientSecret).toBe(intent.client_secret);
    expect(started.clientSecret).toMatch(new RegExp(`^${started.paymentId}_secret_`));

    const [sent] = apiRequests();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/payment_intents');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.body).toEqual({
      amount: '2500',
      currency: 'usd',
      metadata: { orderId: ORDER_ID },
      receipt_email: 'parent@example.com',
      description: 'Digital Comic Book for Mia',
      // Cards only (the SDK sends arrays as allowed_payment_method_types[0]=card).
      allowed_payment_method_types: { 0: 'card' },
    });
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'usd',
      metadata: { orderId: ORDER_ID },
      status: 'requires_payment_method',
    });
  });

  it('is idempotent per order and amount: the same order twice gives one intent, sent with the same Idempotency-Key', async () => {
    const first = await provider.createPayment(request());
    const second = await provider.createPayment(request());

    expect(second).toEqual(first);
    expect(fake.intents.size).toBe(1);
    const posts = apiRequests().filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.map((r) => r.idempotencyKey)).toEqual([KEY, KEY]);
    expect(stripeIdempotencyKey(request())).toBe(KEY);
  });

  it('gives another order its own intent and key', async () => {
    const first = await provider.createPayment(request());
    const other = await provider.createPayment(request({ orderId: OTHER_ORDER_ID, amountCents: 5000 }));

    expect(other.paymentId).not.toBe(first.paymentId);
    expect(fake.intents.size).toBe(2);
    expect(fake.intents.get(other.paymentId)).toMatchObject({ amount: 5000, metadata: { orderId: OTHER_ORDER_ID } });
    expect(apiRequests().map((r) => r.idempotencyKey)).toEqual([KEY, `order-${OTHER_ORDER_ID}-5000-usd`]);
  });

  it('retries a lost answer with the same key, so Stripe still holds one intent', async () => {
    // The fake creates the intent, then answers 500 as if the response was lost on the way.
    fake.failNext({ count: 1, status: 500, afterProcessing: true });

    const started = await provider.createPayment(request());

    expect(fake.intents.size).toBe(1);
    expect(fake.intents.has(started.paymentId)).toBe(true);
    const posts = apiRequests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.status)).toEqual([500, 200]);
    expect(posts.map((r) => r.idempotencyKey)).toEqual([KEY, KEY]);
  });

  it('gives the same order another amount (another format) its own intent under its own key, never a 400', async () => {
    const first = await provider.createPayment(request());
    const printed = await provider.createPayment(request({ amountCents: 5000 }));

    expect(printed.paymentId).not.toBe(first.paymentId);
    expect(fake.intents.get(printed.paymentId)).toMatchObject({ amount: 5000, metadata: { orderId: ORDER_ID } });
    const posts = apiRequests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.idempotencyKey, r.status])).toEqual([
      [KEY, 200],
      [`order-${ORDER_ID}-5000-usd`, 200],
    ]);
  });

  it('never hands back a canceled intent that Stripe replays under the key: a new one, under another key', async () => {
    const first = await provider.createPayment(request());
    fake.setStatus(first.paymentId, 'canceled');

    const again = await provider.createPayment(request());

    expect(again.paymentId).not.toBe(first.paymentId);
    expect(fake.intents.get(again.paymentId)).toMatchObject({ amount: 2500, status: 'requires_payment_method' });
    const posts = apiRequests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.idempotencyKey)).toEqual([KEY, KEY, `${KEY}-after-${first.paymentId}`]);
    expect(posts[1].status).toBe(200); // the replay, checked against Stripe's current state before use
  });

  it('moves past a 500 that Stripe saved under the key (it would be replayed for a day) to another key', async () => {
    fake.failNext({ count: 1, status: 500 });

    const started = await provider.createPayment(request());

    expect(fake.intents.has(started.paymentId)).toBe(true);
    const posts = apiRequests().filter((r) => r.method === 'POST');
    // Stripe-Should-Retry: false: the SDK does not resend what would only be replayed.
    expect(posts.map((r) => [r.idempotencyKey, r.status])).toEqual([
      [KEY, 500],
      [`${KEY}-try2`, 200],
    ]);
    // The saved 500 is what the first key now gives.
    const replayed = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': KEY,
      },
      body: posts[0].rawBody,
    });
    expect(replayed.status).toBe(500);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it.each([0, -2500, 25.5, Number.NaN])('refuses the amount %p without calling Stripe', async (amountCents) => {
    await expect(provider.createPayment(request({ amountCents }))).rejects.toThrow('Invalid payment amount');
    expect(apiRequests()).toHaveLength(0);
  });
});

describe('StripeProvider.verifyPayment', () => {
  it('maps a succeeded intent: amount received, upper-case currency and the order in its metadata', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.succeed(paymentId);

    await expect(provider.verifyPayment(paymentId)).resolves.toEqual({
      paymentId,
      status: 'succeeded',
      amountReceivedCents: 2500,
      currency: 'USD',
      orderId: ORDER_ID,
      failureCode: null,
    });
    const last = apiRequests().at(-1)!;
    expect(last.method).toBe('GET');
    expect(last.path).toBe(`/v1/payment_intents/${paymentId}`);
  });

  it('reports what Stripe actually received, and whose order it names, for the service to compare', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.succeed(paymentId, { amountReceived: 100, currency: 'eur' });
    fake.setMetadataOrderId(paymentId, OTHER_ORDER_ID);

    await expect(provider.verifyPayment(paymentId)).resolves.toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 100,
      currency: 'EUR',
      orderId: OTHER_ORDER_ID,
    });

    fake.setMetadataOrderId(paymentId, null);
    await expect(provider.verifyPayment(paymentId)).resolves.toMatchObject({ orderId: null });
  });

  it('maps a processing intent (nothing received yet)', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.setStatus(paymentId, 'processing');

    await expect(provider.verifyPayment(paymentId)).resolves.toEqual({
      paymentId,
      status: 'processing',
      amountReceivedCents: 0,
      currency: 'USD',
      orderId: ORDER_ID,
      failureCode: null,
    });
  });

  it('maps a declined attempt to failed, with the decline code for the logs', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.setStatus(paymentId, 'requires_payment_method', {
      lastPaymentErrorCode: 'card_declined',
      declineCode: 'generic_decline',
    });

    await expect(provider.verifyPayment(paymentId)).resolves.toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      amountReceivedCents: 0,
    });
  });

  it('maps an intent nobody has paid yet to requires_payment_method', async () => {
    const { paymentId } = await provider.createPayment(request());

    await expect(provider.verifyPayment(paymentId)).resolves.toMatchObject({
      status: 'requires_payment_method',
      failureCode: null,
    });
  });

  it('returns null for an unknown PaymentIntent (Stripe answers 404 resource_missing)', async () => {
    await expect(provider.verifyPayment('pi_DoesNotExist123')).resolves.toBeNull();
    const last = apiRequests().at(-1)!;
    expect(last.path).toBe('/v1/payment_intents/pi_DoesNotExist123');
    expect(last.status).toBe(404);
  });

  it('returns null without asking Stripe for an id that is not a PaymentIntent id', async () => {
    const { paymentId, clientSecret } = await provider.createPayment(request());
    const before = apiRequests().length;

    for (const id of [clientSecret!, '', 'cus_123', '../customers', `${paymentId}/cancel`, `${paymentId}?expand[]=x`, 'pi_']) {
      await expect(provider.verifyPayment(id)).resolves.toBeNull();
    }
    expect(apiRequests()).toHaveLength(before);
  });

  it('lets other Stripe failures through (after the SDK retries), rather than reporting "not found"', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.failNext({ count: 3, status: 500 });

    await expect(provider.verifyPayment(paymentId)).rejects.toMatchObject({ statusCode: 500 });
    expect(apiRequests().filter((r) => r.method === 'GET')).toHaveLength(3);
  });
});

describe('StripeProvider.resumePayment', () => {
  it("hands back the order's intent only while it can pay the order as it now stands", async () => {
    const { paymentId, clientSecret } = await provider.createPayment(request());
    await expect(provider.resumePayment(paymentId, request())).resolves.toEqual({ paymentId, clientSecret });
    // Another amount or currency (the parent chose another format), or another order: not this one.
    await expect(provider.resumePayment(paymentId, request({ amountCents: 5000 }))).resolves.toBeNull();
    await expect(provider.resumePayment(paymentId, request({ currency: 'CAD' }))).resolves.toBeNull();
    await expect(provider.resumePayment(paymentId, request({ orderId: OTHER_ORDER_ID }))).resolves.toBeNull();
    fake.setStatus(paymentId, 'canceled');
    await expect(provider.resumePayment(paymentId, request())).resolves.toBeNull();
  });
});

describe("Stripe refusing the shop's key", () => {
  const withKey = (secretKey: string) =>
    new StripeProvider({
      secretKey,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      host: fake.host,
      port: fake.port,
      protocol: fake.protocol,
    });

  it('is a PaymentAccountError that names the setting to fix, from every call, and from the start-up check', async () => {
    const wrong = withKey('sk_test_not_this_account');
    const { paymentId } = await provider.createPayment(request());
    for (const call of [
      () => wrong.createPayment(request({ orderId: OTHER_ORDER_ID })),
      () => wrong.resumePayment(paymentId, request()),
      () => wrong.verifyPayment(paymentId),
      () => wrong.listRefunds(paymentId),
      () => wrong.checkAccount(),
    ]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PaymentAccountError);
      expect(error).toMatchObject({ code: 'authentication', isAuthentication: true });
      expect((error as Error).message).toMatch(/^Stripe refused STRIPE_SECRET_KEY \(401: Invalid API Key provided/);
      expect((error as Error).message).not.toContain('sk_test_not_this_account');
    }
    // Refused before anything ran: nothing was created for the other order.
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === OTHER_ORDER_ID)).toHaveLength(0);
    await expect(provider.checkAccount()).resolves.toBeUndefined();
  });
});

describe('the fake answers as Stripe documents', () => {
  const post = (key: string, body: string, secret = SECRET_KEY) =>
    fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body,
    });

  it('answers 409 idempotency_key_in_use to a request whose key is still in flight, and saves nothing for it', async () => {
    const held = fake.hold('/v1/payment_intents');
    const first = post('same-key', 'amount=2500&currency=usd');
    await held.arrived;
    const second = await post('same-key', 'amount=2500&currency=usd');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { type: 'idempotency_error', code: 'idempotency_key_in_use' } });
    held.release();
    const created = (await (await first).json()) as { id: string };
    const replayed = await post('same-key', 'amount=2500&currency=usd');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as { id: string }).id).toBe(created.id);
    expect(fake.intents.size).toBe(1);
  });

  it('refuses another key with a 401 invalid_request_error, and another amount under a used key with a 400', async () => {
    const wrong = await post('k1', 'amount=2500&currency=usd', 'sk_test_someone_else');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await post('k1', 'amount=2500&currency=usd')).status).toBe(200); // the 401 saved nothing
    const other = await post('k1', 'amount=5000&currency=usd');
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });
});

describe('mapStripeStatus', () => {
  it.each([
    ['succeeded', false, 'succeeded'],
    ['processing', false, 'processing'],
    ['requires_capture', false, 'processing'],
    ['requires_payment_method', false, 'requires_payment_method'],
    ['requires_payment_method', true, 'failed'],
    ['requires_action', false, 'requires_action'],
    ['requires_confirmation', false, 'requires_action'],
    ['canceled', false, 'canceled'],
    ['some_future_status', false, 'failed'],
  ] as const)('%s (payment error: %p) -> %s', (stripeStatus, hasError, ours) => {
    expect(mapStripeStatus(stripeStatus, hasError)).toBe(ours);
  });
});

describe('StripeProvider.parseWebhook', () => {
  const succeededEvent = (orderId: string | null = ORDER_ID) =>
    makeStripeEvent(
      'payment_intent.succeeded',
      {
        id: 'pi_WebhookIntent123',
        object: 'payment_intent',
        amount: 2500,
        amount_received: 2500,
        currency: 'usd',
        status: 'succeeded',
        metadata: orderId ? { orderId } : {},
      },
      { eventId: 'evt_Succeeded123' },
    );

  it('accepts a correctly signed payment_intent.succeeded and maps its ids', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, succeededEvent());

    expect(await provider.parseWebhook(stripeWebhook(Buffer.from(body), signature))).toEqual({
      type: 'payment_succeeded',
      eventId: 'evt_Succeeded123',
      paymentId: 'pi_WebhookIntent123',
      orderId: ORDER_ID,
    });
  });

  it('works with an event built from the fake intent, and with no order in the metadata', async () => {
    const { paymentId } = await provider.createPayment(request());
    fake.succeed(paymentId);
    const event = fake.eventFor(paymentId);
    const signed = signedWebhook(WEBHOOK_SECRET, event);
    expect(await provider.parseWebhook(stripeWebhook(Buffer.from(signed.body), signed.signature))).toEqual({
      type: 'payment_succeeded',
      eventId: event.id,
      paymentId,
      orderId: ORDER_ID,
    });

    const orphan = signedWebhook(WEBHOOK_SECRET, succeededEvent(null));
    expect(await provider.parseWebhook(stripeWebhook(Buffer.from(orphan.body), orphan.signature))).toMatchObject({
      type: 'payment_succeeded',
      orderId: null,
    });
  });

  it.each(['payment_intent.payment_failed', 'payment_intent.created', 'charge.succeeded', 'checkout.session.completed'])(
    'ignores %s',
    async (type) => {
      const event = makeStripeEvent(
        type,
        { id: 'pi_Other123', object: 'payment_intent', metadata: { orderId: ORDER_ID } },
        { eventId: 'evt_Other123' },
      );
      const { body, signature } = signedWebhook(WEBHOOK_SECRET, event);

      expect(await provider.parseWebhook(stripeWebhook(Buffer.from(body), signature))).toEqual({
        type: 'ignored',
        eventId: 'evt_Other123',
        eventType: type,
      });
    },
  );

  it('refuses an event signed with another secret', async () => {
    const { body, signature } = signedWebhook('whsec_somebody_else', succeededEvent());

    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(body), signature))).rejects.toThrow(WebhookSignatureError);
  });

  it.each([undefined, ''])('refuses a delivery without a Stripe-Signature header (%p)', async (header) => {
    const { body } = signedWebhook(WEBHOOK_SECRET, succeededEvent());

    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(body), header))).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a body altered after signing', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, succeededEvent());
    const altered = body.replace(ORDER_ID, OTHER_ORDER_ID);
    expect(altered).not.toBe(body);

    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(altered), signature))).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a re-serialised body (the route must pass the raw bytes)', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, succeededEvent());
    const reserialised = JSON.stringify(JSON.parse(body));

    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(reserialised), signature))).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a correctly signed event older than five minutes (a replay)', async () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, succeededEvent(), { timestamp: tenMinutesAgo });

    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(body), signature))).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a body that was not kept raw (a parsed object) and a garbled header', async () => {
    const { body, signature } = signedWebhook(WEBHOOK_SECRET, succeededEvent());

    await expect(provider.parseWebhook(stripeWebhook(JSON.parse(body) as Buffer, signature))).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(body), 'not-a-signature'))).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(stripeWebhook(Buffer.alloc(0), signature))).rejects.toThrow(WebhookSignatureError);
  });
});

describe('StripeProvider configuration', () => {
  const keys = { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET };

  it('refuses a secret key in place of the publishable key (it would be sent to every visitor)', () => {
    expect(() => new StripeProvider({ ...keys, publishableKey: SECRET_KEY })).toThrow('STRIPE_PUBLISHABLE_KEY');
  });

  it('refuses a publishable key as the secret key, a missing webhook secret, and test and live keys mixed', () => {
    expect(() => new StripeProvider({ ...keys, secretKey: PUBLISHABLE_KEY })).toThrow('STRIPE_SECRET_KEY');
    expect(() => new StripeProvider({ ...keys, webhookSecret: '' })).toThrow('STRIPE_WEBHOOK_SECRET');
    expect(() => new StripeProvider({ ...keys, publishableKey: 'pk_live_abc' })).toThrow('do not match');
    expect(() => new StripeProvider({ ...keys, secretKey: 'rk_test_restricted' })).not.toThrow();
  });

  it('turns STRIPE_API_URL into the SDK host, port and protocol', () => {
    expect(stripeApiTarget(undefined)).toEqual({});
    expect(stripeApiTarget(new URL(fake.url))).toEqual({ host: '127.0.0.1', port: fake.port, protocol: 'http' });
    expect(stripeApiTarget('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
  });
});

describe('fake Stripe helpers', () => {
  it('decodes nested form keys as the SDK encodes them', () => {
    expect(decodeStripeForm('amount=2500&metadata[orderId]=abc&automatic_payment_methods%5Benabled%5D=true&a[b][c]=d')).toEqual({
      amount: '2500',
      metadata: { orderId: 'abc' },
      automatic_payment_methods: { enabled: 'true' },
      a: { b: { c: 'd' } },
    });
  });

  it('delivers a signed event with the raw body and Stripe headers', async () => {
    const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
    const app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    try {
      const event = makeStripeEvent('payment_intent.succeeded', {
        id: 'pi_Deliver123',
        object: 'payment_intent',
        metadata: { orderId: ORDER_ID },
      });
      const response = await deliverWebhook(appUrl, WEBHOOK_SECRET, event);
      expect(response.status).toBe(200);
      await deliverWebhook(appUrl, WEBHOOK_SECRET, event, { signature: null });

      const [signed, unsigned] = received;
      expect(signed.url).toBe('/webhooks/stripe');
      expect(signed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(
        await provider.parseWebhook(stripeWebhook(Buffer.from(signed.body), signed.headers['stripe-signature'] as string)),
      ).toMatchObject({
        type: 'payment_succeeded',
        eventId: event.id,
        paymentId: 'pi_Deliver123',
        orderId: ORDER_ID,
      });
      expect(unsigned.headers['stripe-signature']).toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});
