/**
 * POST /webhooks/:provider: one route for every payment provider. A provider that is not
 * running, or has no webhooks (the sandbox), is a 404 before the body is read; Stripe's
 * deliveries go through the same route (payments-stripe.test.ts and refunds-stripe.test.ts).
 */
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startTestServer, type TestServer } from '../support/test-server';

let sandbox: TestServer;
let stripe: TestServer;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  [sandbox, stripe] = await Promise.all([
    startTestServer(),
    startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_webhooks',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_webhooks',
      STRIPE_WEBHOOK_SECRET: 'whsec_webhooks_route',
      STRIPE_API_URL: fake.url,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), stripe?.close()]);
  await fake?.close();
});

const post = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('POST /webhooks/:provider', () => {
  it('answers 404 for a provider the shop does not run, and for the sandbox, which has no webhooks', async () => {
    for (const [server, path] of [
      [sandbox, '/webhooks/paypal'],
      [sandbox, '/webhooks/sandbox'],
      [sandbox, '/webhooks/stripe'],
      [stripe, '/webhooks/paypal'],
      [stripe, '/webhooks/sandbox'],
    ] as const) {
      const response = await post(server, path);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 404,
        body: { error: 'No webhooks for this payment provider' },
      });
    }
  });

  it("hands a running provider's delivery to that provider, which refuses one it cannot verify", async () => {
    const unsigned = await post(stripe, '/webhooks/stripe');
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ error: 'Invalid signature' });
    const forged = await post(stripe, '/webhooks/stripe', { 'stripe-signature': 't=1,v1=00' });
    expect(forged.status).toBe(400);
  });
});
