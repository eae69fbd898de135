/** Stripe refunds and the charge.refunded webhook, through the real SDK against the local fake. */
import { type FakeStripe, signedWebhook, stripeWebhook, startFakeStripe } from '../../../../test/support/fake-stripe';
import { RefundRefusedError } from '../payment-provider';
import { StripeProvider } from './stripe.provider';

const WEBHOOK_SECRET = 'whsec_refund_unit_secret';
let fake: FakeStripe;
let provider: StripeProvider;

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_refund_unit' });
  provider = new StripeProvider({
    secretKey: 'sk_test_refund_unit',
    publishableKey: 'pk_test_refund_unit',
    webhookSecret: WEBHOOK_SECRET,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
  });
});
afterEach(() => fake.close());

async function paidIntent(amount = 5000): Promise<string> {
  const { paymentId } = await provider.createPayment({
    orderId: '0b8e8f43-3a55-4a6e-9f59-2a4a5b0e6c11',
    amountCents: amount,
    currency: 'USD',
    email: 'parent@example.com',
    description: 'Printed book for Mia',
  });
  fake.succeed(paymentId);
  return paymentId;
}

describe('Stripe refunds', () => {
  it('refunds through the Refunds API with the idempotency key, and the same key gives the same refund', async () => {
    const paymentId = await paidIntent();
    const request = {
      paymentId,
      amountCents: 5000,
      currency: 'USD',
      idempotencyKey: 'refund-r1',
      reason: 'Damaged',
      reference: 'r1',
    };
    const first = await provider.refund(request);
    expect(first).toMatchObject({ amountCents: 5000, status: 'succeeded', reference: 'r1', failureReason: null });
    expect(await provider.refund(request)).toEqual(first);
    const posts = fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(posts.map((r) => r.idempotencyKey)).toEqual(['refund-r1', 'refund-r1']);
    expect(posts[0].body).toEqual({
      payment_intent: paymentId,
      amount: '5000',
      metadata: { reason: 'Damaged', refund_request: 'r1' },
    });
    expect(fake.refunds.size).toBe(1);
    expect(await provider.listRefunds(paymentId)).toEqual([first]);
  });

  it('turns "already refunded" and "more than is left" into RefundRefusedError', async () => {
    const paymentId = await paidIntent();
    await provider.refund({ paymentId, amountCents: 4000, currency: 'USD', idempotencyKey: 'a', reason: 'part', reference: 'a' });
    await expect(
      provider.refund({ paymentId, amountCents: 2000, currency: 'USD', idempotencyKey: 'b', reason: 'too much', reference: 'b' }),
    ).rejects.toEqual(new RefundRefusedError('amount_too_large'));
    await provider.refund({ paymentId, amountCents: 1000, currency: 'USD', idempotencyKey: 'c', reason: 'rest', reference: 'c' });
    await expect(
      provider.refund({ paymentId, amountCents: 1, currency: 'USD', idempotencyKey: 'd', reason: 'more', reference: 'd' }),
    ).rejects.toEqual(new RefundRefusedError('charge_already_refunded'));
  });

  it('reads charge.refunded only after its signature verifies', async () => {
    const paymentId = await paidIntent();
    fake.refundInDashboard(paymentId, { amount: 1500 });
    const event = fake.chargeRefundedEvent(paymentId, { eventId: 'evt_refund_1' });
    const signed = signedWebhook(WEBHOOK_SECRET, event);
    expect(await provider.parseWebhook(stripeWebhook(Buffer.from(signed.body), signed.signature))).toEqual({
      type: 'refunded',
      eventId: 'evt_refund_1',
      paymentId,
      reason: null,
    });
    const forged = signedWebhook('whsec_someone_else', event);
    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(forged.body), forged.signature))).rejects.toThrow(
      'Webhook signature verification failed',
    );
  });

  it('reports a pending refund as pending, and reads its refund.updated / refund.failed events', async () => {
    const paymentId = await paidIntent();
    fake.refundsPending = true;
    const made = await provider.refund({
      paymentId,
      amountCents: 5000,
      currency: 'USD',
      idempotencyKey: 'refund-p',
      reason: 'Damaged',
      reference: 'p',
    });
    expect(made).toMatchObject({ status: 'pending', reference: 'p' });
    const failed = fake.settleRefund(made.refundId, 'failed', {
      eventId: 'evt_refund_failed',
      failureReason: 'lost_or_stolen_card',
    });
    expect(failed.type).toBe('refund.failed');
    const signed = signedWebhook(WEBHOOK_SECRET, failed);
    expect(await provider.parseWebhook(stripeWebhook(Buffer.from(signed.body), signed.signature))).toEqual({
      type: 'refunded',
      eventId: 'evt_refund_failed',
      paymentId,
      reason: null,
    });
    expect(await provider.listRefunds(paymentId)).toEqual([
      { refundId: made.refundId, amountCents: 5000, status: 'failed', reference: 'p', failureReason: 'lost_or_stolen_card' },
    ]);
    // A failed refund gave the money back to the shop: it can be refunded again.
    fake.refundsPending = false;
    await expect(
      provider.refund({
        paymentId,
        amountCents: 5000,
        currency: 'USD',
        idempotencyKey: 'refund-q',
        reason: 'again',
        reference: 'q',
      }),
    ).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('makes two refunds when asked twice under two keys (the shop must not ask twice)', async () => {
    const paymentId = await paidIntent();
    const ask = (key: string) =>
      provider.refund({ paymentId, amountCents: 2000, currency: 'USD', idempotencyKey: key, reason: 'x', reference: key });
    const [a, b] = await Promise.all([ask('one'), ask('two')]);
    expect(a.refundId).not.toBe(b.refundId);
    expect(fake.refunds.size).toBe(2);
  });

  it('keeps the signature check for refund events too', async () => {
    const paymentId = await paidIntent();
    fake.refundsPending = true;
    const made = await provider.refund({
      paymentId,
      amountCents: 5000,
      currency: 'USD',
      idempotencyKey: 'refund-s',
      reason: 'x',
      reference: 's',
    });
    const event = fake.settleRefund(made.refundId, 'succeeded');
    expect(event.type).toBe('refund.updated');
    const forged = signedWebhook('whsec_someone_else', event);
    await expect(provider.parseWebhook(stripeWebhook(Buffer.from(forged.body), forged.signature))).rejects.toThrow(
      'Webhook signature verification failed',
    );
  });
});
