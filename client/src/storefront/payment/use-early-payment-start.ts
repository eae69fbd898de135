import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';

import type { StartPaymentMutation } from '../../gql/graphql';
import { START_PAYMENT_MUTATION } from './payment-operations';

/** What the server answered to starting the card form's payment. */
export type PaymentStartAnswer = ApolloClient.MutateResult<StartPaymentMutation>;

/** The card form's payment asked for ahead of its form, given at most once; null once given (or never asked). */
export type TakeEarlyPaymentStart = () => Promise<PaymentStartAnswer> | null;

/**
 * Asks the server to start the card form's payment as the checkout opens, beside its question
 * for the order: the form is ready as soon as the order is. The server starts a payment only for
 * an order still waiting for one (any other is refused, and nothing is started), and gives back
 * the same payment when asked again for the same amount. The form takes the answer once (a
 * refusal included), and asks again when it did not come or was for another amount. Asked
 * through the client itself: nothing on the page renders again when the answer comes. On a page
 * opened at its address, the page's HTML has asked already (early-checkout.ts), and the client
 * gives that answer here (early-answer.ts).
 */
export function useEarlyPaymentStart(orderId: string, checkoutToken: string): TakeEarlyPaymentStart {
  const client = useApolloClient();
  const early = useRef<{ key: string; answer: Promise<PaymentStartAnswer> | null } | null>(null);
  const key = `${orderId} ${checkoutToken}`;
  useEffect(() => {
    if (early.current?.key === key) return;
    const answer = client.mutate({ mutation: START_PAYMENT_MUTATION, variables: { orderId, checkoutToken } });
    // An answer never taken (the order was paid already, the parent left) reports nothing.
    answer.catch(() => undefined);
    early.current = { key, answer };
  }, [client, key, orderId, checkoutToken]);
  return useCallback(() => {
    const answer = early.current?.key === key ? early.current.answer : null;
    if (early.current) early.current.answer = null;
    return answer;
  }, [key]);
}
