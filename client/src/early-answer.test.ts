/**
 * @jest-environment node
 */
import type { ApolloLink } from '@apollo/client';
import { parse } from 'graphql';

import { ME_QUERY } from './admin/session/session-operations';
import { createApolloClient } from './apollo';
import { EARLY_ANSWER_KEY, type EarlyAnswers, takeEarlyAnswer } from './early-answer';

const holder = globalThis as unknown as Record<string, EarlyAnswers | undefined>;
const VARIABLES = { orderId: 'order-7', checkoutToken: 'token-7' };
const ME_ANSWER = { data: { me: null } };

function leave(
  answer: Promise<ApolloLink.Result>,
  variables: Record<string, unknown> = VARIABLES,
  operationName = 'CheckoutOrder',
) {
  answer.catch(() => undefined);
  holder[EARLY_ANSWER_KEY] = { ...holder[EARLY_ANSWER_KEY], [operationName]: { variables, answer } };
}

/** A server that answers `AdminMe`, counting what it is asked by name. */
function countingFetch() {
  const asked: string[] = [];
  const fetch = jest.fn(async (_: string, init: RequestInit) => {
    const { operationName } = JSON.parse(String(init.body));
    asked.push(operationName);
    const body = operationName === 'AdminMe' ? ME_ANSWER : { errors: [{ message: 'asked the server' }] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { asked, fetch: fetch as unknown as typeof globalThis.fetch };
}

afterEach(() => {
  delete holder[EARLY_ANSWER_KEY];
});

describe('takeEarlyAnswer', () => {
  it('gives the answer once, to the operation of that name with exactly those variables', async () => {
    leave(Promise.resolve({ data: { ok: true } }));
    expect(takeEarlyAnswer('AdminMe', {})).toBeNull();
    const taken = takeEarlyAnswer('CheckoutOrder', { checkoutToken: 'token-7', orderId: 'order-7' });
    await expect(taken).resolves.toEqual({ data: { ok: true } });
    expect(takeEarlyAnswer('CheckoutOrder', VARIABLES)).toBeNull();
  });

  it('drops the answer when the first operation of its name asks with other variables', () => {
    leave(Promise.resolve({ data: {} }));
    expect(takeEarlyAnswer('CheckoutOrder', { ...VARIABLES, checkoutToken: 'token-8' })).toBeNull();
    expect(takeEarlyAnswer('CheckoutOrder', VARIABLES)).toBeNull();
  });

  it("keeps each operation's answer for it: one taken leaves the others", async () => {
    leave(Promise.resolve({ data: { order: 1 } }));
    leave(Promise.resolve({ data: { start: 1 } }), VARIABLES, 'StartPayment');
    expect(takeEarlyAnswer('toString', {})).toBeNull();
    await expect(takeEarlyAnswer('StartPayment', VARIABLES)).resolves.toEqual({ data: { start: 1 } });
    await expect(takeEarlyAnswer('CheckoutOrder', VARIABLES)).resolves.toEqual({ data: { order: 1 } });
  });
});

describe("the client's early answer link", () => {
  // Parsed, not tagged: the shop's own operations of these names are payment-operations.ts's (codegen
  // takes every tagged operation); the link goes by name and variables only.
  const CHECKOUT = parse(`
    query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {
      checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {
        id
        status
      }
    }
  `);
  const order = (status: string) => ({ data: { checkoutOrder: { __typename: 'CheckoutOrder', id: 'order-7', status } } });

  it("answers the page's query from the early answer once it comes, without asking the server", async () => {
    const { asked, fetch } = countingFetch();
    const client = createApolloClient({ fetch });
    let answer!: (result: ApolloLink.Result) => void;
    leave(new Promise((resolve) => (answer = resolve)));
    const pending = client.query({ query: CHECKOUT, variables: VARIABLES, fetchPolicy: 'network-only' });
    answer(order('Pending'));
    await expect(pending).resolves.toMatchObject({ data: order('Pending').data });
    expect(asked).toEqual([]);

    // Asked again (a refetch), the query goes to the server.
    await client.query({ query: CHECKOUT, variables: VARIABLES, fetchPolicy: 'network-only' }).catch(() => undefined);
    expect(asked).toEqual(['CheckoutOrder']);
  });

  it('asks the server itself when the early answer failed', async () => {
    const { asked, fetch } = countingFetch();
    const client = createApolloClient({ fetch });
    leave(Promise.reject(new Error('status 503')));
    await expect(client.query({ query: CHECKOUT, variables: VARIABLES })).rejects.toThrow('asked the server');
    expect(asked).toEqual(['CheckoutOrder']);
  });

  it('lets every other operation through to the server, and keeps the answer for its own', async () => {
    const { asked, fetch } = countingFetch();
    const client = createApolloClient({ fetch });
    leave(Promise.resolve(order('Paid')));
    await expect(client.query({ query: ME_QUERY })).resolves.toMatchObject(ME_ANSWER);
    expect(asked).toEqual(['AdminMe']);
    await expect(client.query({ query: CHECKOUT, variables: VARIABLES })).resolves.toMatchObject({ data: order('Paid').data });
    expect(asked).toEqual(['AdminMe']);
  });

  it('answers a mutation the page makes as it opens from its early answer too', async () => {
    const START = parse(`
      mutation StartPayment($orderId: ID!, $checkoutToken: String!) {
        startPayment(orderId: $orderId, checkoutToken: $checkoutToken) {
          paymentId
        }
      }
    `);
    const { asked, fetch } = countingFetch();
    const client = createApolloClient({ fetch });
    const started = { data: { startPayment: { __typename: 'StartPaymentPayload', paymentId: 'pay-1' } } };
    leave(Promise.resolve(started), VARIABLES, 'StartPayment');
    await expect(client.mutate({ mutation: START, variables: VARIABLES })).resolves.toMatchObject({ data: started.data });
    expect(asked).toEqual([]);
  });

  it('gives nothing to a query for another order: it asks the server', async () => {
    const { asked, fetch } = countingFetch();
    const client = createApolloClient({ fetch });
    leave(Promise.resolve(order('Pending')));
    await client.query({ query: CHECKOUT, variables: { ...VARIABLES, orderId: 'order-8' } }).catch(() => undefined);
    expect(asked).toEqual(['CheckoutOrder']);
  });
});
