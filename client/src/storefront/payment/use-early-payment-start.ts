import type { ApolloClient } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';

import type { StartPaymentMutation } from '../../gql/graphql';
import { START_PAYMENT_MUTATION } from './payment-operations';

/** What the server answered to starting the card form's payment. */
export type PaymentStartAnswer = ApolloClient.MutateResult<StartPaymentMutation>;

/** The card form's payment asked for ahead of its form, given at most once; null once given (or never asked). */
export type TakeEarlyPaymentStart = () => Promise<PaymentStartAnswer> | null;

/**
 * Asks the server to start the card form's payment as the checkout opens, beside its question
 * for the order, instead of once the order is back and its form is shown: the form is ready a
 * round trip sooner. The server starts a payment only for an order still waiting for one (any
 * other is refused, and nothing is started), and gives back the same payment when asked again
 * for the same amount. The form takes the answer once, and asks again when it is for another
 * amount or did not come.
 */
export function useEarlyPaymentStart(orderId: string, checkoutToken: string): TakeEarlyPaymentStart {
  const [startPayment] = useMutation(START_PAYMENT_MUTATION);
  const early = useRef<{ orderId: string; answer: Promise<PaymentStartAnswer> | null } | null>(null);
  useEffect(() => {
    if (early.current?.orderId === orderId) return;
    const answer = startPayment({ variables: { orderId, checkoutToken } });
    // An answer never taken (the order was paid already, the parent left) reports nothing.
    answer.catch(() => undefined);
    early.current = { orderId, answer };
  }, [orderId, checkoutToken, startPayment]);
  return useCallback(() => {
    const answer = early.current?.orderId === orderId ? early.current.answer : null;
    if (early.current) early.current.answer = null;
    return answer;
  }, [orderId]);
}
