import { useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { trackPurchase } from '../../analytics/pixel';
import type { PaymentProviderName } from '../../gql/graphql';
import { markPaid } from '../checkout-session';
import { paymentErrorMessage, type PaymentStage } from './payment-messages';
import { RECORD_PAYMENT_MUTATION } from './payment-operations';

export interface PayableOrder {
  id: string;
  amountCents: number;
  currency: string;
  bookFormat: string;
}

/** What a provider's form reports after asking the provider to take the money. */
export type ConfirmOutcome =
  | { paymentId: string }
  | {
      failure: {
        /** The provider's or the shop's error codes, to look for an account restriction in. */
        codes: Array<string | null | undefined>;
        /** A reason safe to show under the message (e.g. "Your card was declined."). */
        detail?: string | null;
        /** The provider's own form already shows the problem (e.g. an incomplete card). */
        silent?: boolean;
      };
    };

/** How an attempt ended: paid (the page is leaving), declined (the parent may choose another way), or failed. */
export type PayResult = 'paid' | 'declined' | 'failed';

export interface PaymentError {
  message: string;
  detail: string | null;
  /** The card (or instrument) was declined: another one is what helps, not the same again. */
  declined: boolean;
  /** Changes with every failure, so the same message is announced again. */
  key: number;
}

/**
 * One payment attempt: confirm with the provider, record the payment with us (the server
 * re-checks it with the provider, and captures an approved PayPal payment), count the purchase,
 * go to the success page. A payment confirmed but not yet recorded is only recorded on the next
 * attempt with the same provider, never charged again.
 */
export function usePay(order: PayableOrder, checkoutToken: string) {
  const navigate = useNavigate();
  // Not written to the cache: the summary on screen must not turn into 'already paid' while
  // the success page loads.
  const [recordPayment] = useMutation(RECORD_PAYMENT_MUTATION, { fetchPolicy: 'no-cache' });
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<PaymentError | null>(null);
  // Refs, not state: a double click must not start a second attempt before React re-renders.
  const busy = useRef(false);
  const confirmedPaymentIds = useRef<Partial<Record<PaymentProviderName, string>>>({});

  const fail = (stage: PaymentStage, codes: Array<string | null | undefined>, detail: string | null = null) =>
    setError((current) => ({
      message: paymentErrorMessage(stage, ...codes),
      detail,
      declined: codes.some((code) => code === 'PAYMENT_DECLINED' || code === 'card_declined'),
      key: (current?.key ?? 0) + 1,
    }));

  async function record(paymentId: string, provider: PaymentProviderName): Promise<PayResult> {
    try {
      const { data, error: requestError } = await recordPayment({
        variables: { orderId: order.id, checkoutToken, paymentId, provider },
      });
      const payload = data?.recordPayment;
      const refusal = payload?.userErrors[0];
      // PayPal declined the instrument at capture: the parent chooses another in PayPal's window.
      if (refusal?.code === 'PAYMENT_DECLINED') {
        fail('confirm', [refusal.code]);
        return 'declined';
      }
      if (requestError || !payload || refusal || !payload.order) {
        fail('record', [refusal?.code]);
        return 'failed';
      }
      if (payload.order.status !== 'Paid' && payload.order.status !== 'Completed') {
        fail('record', []);
        return 'failed';
      }
      return 'paid';
    } catch {
      fail('record', []);
      return 'failed';
    }
  }

  /**
   * `remember: false` for a provider whose every attempt brings its own payment (PayPal's buttons
   * hand over the order just approved): nothing confirmed earlier is recorded in its place.
   */
  async function pay(
    confirm: () => Promise<ConfirmOutcome>,
    provider: PaymentProviderName,
    { remember = true }: { remember?: boolean } = {},
  ): Promise<PayResult> {
    if (busy.current) return 'failed';
    busy.current = true;
    setProcessing(true);
    setError(null);
    let succeeded = false;
    try {
      let paymentId = remember ? confirmedPaymentIds.current[provider] : undefined;
      if (!paymentId) {
        let outcome: ConfirmOutcome;
        try {
          outcome = await confirm();
        } catch (caught) {
          outcome = { failure: { codes: [caught instanceof Error ? caught.message : null] } };
        }
        if ('failure' in outcome) {
          if (!outcome.failure.silent) fail('confirm', outcome.failure.codes, outcome.failure.detail ?? null);
          return 'failed';
        }
        paymentId = outcome.paymentId;
        if (remember) confirmedPaymentIds.current[provider] = paymentId;
      }
      const recorded = await record(paymentId, provider);
      if (recorded === 'declined') delete confirmedPaymentIds.current[provider];
      if (recorded !== 'paid') return recorded;

      succeeded = true;
      markPaid(order.id);
      // The order form's draft has done its job once its order is paid.
      void import('../create/draft/draft-store').then((store) => store.clearDraftOfOrder(order.id)).catch(() => undefined);
      trackPurchase({
        value: order.amountCents / 100,
        currency: order.currency,
        contentIds: [order.bookFormat],
        transactionId: order.id,
      });
      navigate(`/payment-success?${new URLSearchParams({ format: order.bookFormat }).toString()}`);
      return 'paid';
    } finally {
      // On success the page is leaving: stay busy (spinner on, button off) until it has gone.
      if (!succeeded) {
        busy.current = false;
        setProcessing(false);
      }
    }
  }

  /** A failure outside an attempt (PayPal's buttons could not start one), shown as an attempt's would be. */
  const report = (codes: Array<string | null | undefined>) => fail('confirm', codes);

  return { pay, report, processing, error };
}
