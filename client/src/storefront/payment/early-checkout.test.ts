import { print } from 'graphql';

import { createApolloClient } from '../../apollo';
import { EARLY_ANSWER_KEY, type EarlyAnswers } from '../../early-answer';
import { readPaymentQuery } from './payment-query';
import { earlyCheckoutOptions, earlyCheckoutScript } from './early-checkout';
import { CHECKOUT_ORDER_QUERY, START_PAYMENT_MUTATION } from './payment-operations';
import { STRIPE_JS_URL } from './stripe-js-url';

/** The build's file of Stripe's card form, as prerender.mjs gives it. */
const STRIPE_FORM_CHUNK = '/assets/StripePaymentForm-test.js';
const EARLY_CHECKOUT_OPTIONS = earlyCheckoutOptions({ stripe: [STRIPE_FORM_CHUNK] });

const held = () => (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWER_KEY];

/** Opens `address` in this document with the tab's checkout, and runs the shell's script as the page runs it. */
function openShell(address: string, tab: Record<string, string> = { paymentOrderId: 'order-7', checkoutToken: 'token-7' }) {
  window.history.replaceState(null, '', address);
  sessionStorage.clear();
  for (const [key, value] of Object.entries(tab)) sessionStorage.setItem(key, value);
  // The page's own source, run on its own: it may use nothing from outside its text.
  new Function(earlyCheckoutScript({ stripe: [STRIPE_FORM_CHUNK] }))();
}

/** What fetch resolves with, as far as the script reads it (jsdom has no Response). */
const response = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

describe("the payment page's shell script", () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn(async () => response(200, { data: { checkoutOrder: null } }));
    Object.assign(globalThis, { fetch: fetchMock });
    delete (window as unknown as Record<string, unknown>)[EARLY_ANSWER_KEY];
  });

  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
    sessionStorage.clear();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
  });

  it("asks for the tab's order and the card payment's start with its checkout token, as the page's client would, and leaves the answers for the page", async () => {
    openShell('/payment?orderId=%20order-7%20&amount=25&format=digital');
    const variables = { orderId: 'order-7', checkoutToken: 'token-7' };
    const sent = (fetchMock.mock.calls as [string, RequestInit][]).map(([endpoint, init]) => {
      expect(endpoint).toBe('/graphql');
      expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
      return JSON.parse(String(init.body));
    });
    expect(sent.map((body) => [body.operationName, body.variables])).toEqual([
      ['CheckoutOrder', variables],
      ['StartPayment', variables],
    ]);
    // The operations the page's client sends: the same text, with the cache's __typename fields.
    expect(sent.map((body) => body.query.replace(/\s+__typename/g, ''))).toEqual([
      print(CHECKOUT_ORDER_QUERY),
      print(START_PAYMENT_MUTATION),
    ]);
    expect(sent.every((body) => body.query.includes('__typename'))).toBe(true);
    expect(held()).toMatchObject({ CheckoutOrder: { variables }, StartPayment: { variables } });
    await expect(held()!.CheckoutOrder.answer).resolves.toEqual({ data: { checkoutOrder: null } });
  });

  it('leaves an answer that fails when the server answers with another status, which the page then asks again for', async () => {
    fetchMock.mockResolvedValueOnce(response(429, { errors: [] }));
    openShell('/payment?orderId=order-7&amount=25');
    await expect(held()!.CheckoutOrder.answer).rejects.toThrow('status 429');
  });

  it.each([
    ['another page', '/order/abc?orderId=order-7&amount=25', undefined],
    ['a link for another order', '/payment?orderId=order-8&amount=25', undefined],
    ['a link without an order', '/payment?amount=25', undefined],
    ['a link whose amount the page refuses', '/payment?orderId=order-7&amount=25.50', undefined],
    ['a link with no amount', '/payment?orderId=order-7&amount=0', undefined],
    ['a tab with no checkout token', '/payment?orderId=order-7&amount=25', { paymentOrderId: 'order-7' }],
    ['a tab with no order', '/payment?orderId=order-7&amount=25', {}],
  ])('asks nothing on %s', (_, address, tab) => {
    openShell(address, tab);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(held()).toBeUndefined();
  });

  it('asks nothing, and the page works as without it, when the tab keeps no storage', () => {
    const storage = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      openShell('/payment?orderId=order-7&amount=25', {});
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      storage.mockRestore();
    }
  });

  it("reads the tab's storage under the keys the order form writes", () => {
    expect(EARLY_CHECKOUT_OPTIONS).toMatchObject({ orderIdKey: 'paymentOrderId', checkoutTokenKey: 'checkoutToken' });
  });

  it.each([
    '/payment?orderId=order-7&amount=25',
    '/payment?orderId=%20order-7&amount=%2025%20&format=printed',
    '/payment?orderId=order-7&amount=007',
    '/payment?orderId=order-7&amount=0',
    '/payment?orderId=order-7&amount=-25',
    '/payment?orderId=order-7&amount=25.50',
    '/payment?orderId=order-7&amount=1e3',
    '/payment?orderId=order-7&amount=9007199254740993',
    '/payment?orderId=order-7',
    '/payment?orderId=&amount=25',
    '/payment?orderId=order-8&amount=25',
  ])('asks exactly when the page itself would ask, for %s', (address) => {
    openShell(address);
    const query = readPaymentQuery(new URL(address, 'https://shop.example').searchParams);
    // PaymentPage asks (CheckoutPanel) for a well-formed link to the order this tab holds.
    const pageAsks = query.ok && query.orderId === 'order-7';
    expect(fetchMock.mock.calls.length > 0).toBe(pageAsks);
  });

  it("sends each operation's text as the shop's Apollo client sends it", async () => {
    const sent: string[] = [];
    const capture = (async (_: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)).query);
      throw new Error('not answered');
    }) as unknown as typeof fetch;
    const client = createApolloClient({ fetch: capture });
    const variables = { orderId: 'order-7', checkoutToken: 'token-7' };
    await client.query({ query: CHECKOUT_ORDER_QUERY, variables }).catch(() => undefined);
    await client.mutate({ mutation: START_PAYMENT_MUTATION, variables }).catch(() => undefined);
    expect(sent).toEqual(EARLY_CHECKOUT_OPTIONS.operations.map((operation) => operation.query));
  });

  describe("the provider's script, fetched ahead", () => {
    /** The shell's script run with this answer to the payment's start; the hints it leaves once both answers are in. */
    async function hintsFor(startAnswer: Promise<ReturnType<typeof response>>) {
      fetchMock.mockImplementation(async (_: string, init: RequestInit) =>
        JSON.parse(String(init.body)).operationName === 'StartPayment'
          ? startAnswer
          : response(200, { data: { checkoutOrder: null } }),
      );
      openShell('/payment?orderId=order-7&amount=25');
      await Promise.allSettled([held()!.CheckoutOrder.answer, held()!.StartPayment.answer]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return [...document.head.querySelectorAll('link')].map((link) => ({
        rel: link.rel,
        as: link.getAttribute('as'),
        href: link.href,
      }));
    }
    const started = (provider: string | null, userErrors: unknown[] = []) =>
      response(200, { data: { startPayment: { __typename: 'StartPaymentPayload', provider, paymentId: 'pi_1', userErrors } } });

    it("is Stripe.js, as the card form will ask for it, and the form's own code, when the payment was started with Stripe", async () => {
      expect(await hintsFor(Promise.resolve(started('stripe')))).toEqual([
        { rel: 'preload', as: 'script', href: STRIPE_JS_URL },
        { rel: 'modulepreload', as: null, href: `http://localhost${STRIPE_FORM_CHUNK}` },
      ]);
    });

    it.each([
      ['a payment started in the sandbox', () => Promise.resolve(started('sandbox'))],
      ['a payment started with PayPal', () => Promise.resolve(started('paypal'))],
      ['a refusal', () => Promise.resolve(started(null, [{ message: 'This order has already been paid.' }]))],
      ['an answer with errors and no data', () => Promise.resolve(response(200, { errors: [{ message: 'x' }], data: null }))],
      [
        'an answer that is not JSON',
        () => Promise.resolve({ ok: true, status: 200, json: async () => Promise.reject(new SyntaxError('x')) }),
      ],
      ['another status', () => Promise.resolve(response(503, {}))],
      ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ])('is nothing after %s', async (_, answer) => {
      expect(await hintsFor(answer())).toEqual([]);
    });
  });
});
