import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { trackInitiateCheckout } from '../../analytics/pixel';
import { saveCheckout } from '../checkout-session';
import { CREATE_ORDER_MUTATION } from './order-form-operations';
import type { OrderFormField, OrderFormValues } from './order-form-values';
import { toCreateOrderInput } from './to-create-order-input';

export const GENERIC_ERROR = 'An error occurred. Please try again.';

/** Spec: the overlay stays up for 500 ms before the browser moves on to payment. */
export const REDIRECT_DELAY_MS = 500;

export type SubmitStatus = 'idle' | 'submitting' | 'redirecting';

export interface SubmitFailure {
  message: string;
  field: OrderFormField | null;
}

// The server names fields by their input path (e.g. shippingAddress.city).
function formFieldOf(path: string | null | undefined): OrderFormField | null {
  const field = path?.split('.').pop();
  const known: OrderFormField[] = [
    'childPhoto',
    'childName',
    'childAge',
    'storyIdea',
    'moral',
    'bookFormat',
    'bookStyle',
    'email',
    'fullName',
    'streetAddress',
    'city',
    'state',
    'zipCode',
    'country',
  ];
  return known.find((name) => name === field) ?? null;
}

export function paymentUrl(orderId: string, amountCents: number, format: string): string {
  const params = new URLSearchParams({ orderId, amount: String(amountCents / 100), format });
  return `/payment?${params.toString()}`;
}

/**
 * Sends the order (photo included, one multipart request), then hands over to payment.
 * Resolves with the reason it failed, or null once the redirect is under way.
 */
export function useSubmitOrder() {
  const navigate = useNavigate();
  const [createOrder] = useMutation(CREATE_ORDER_MUTATION);
  const [status, setStatus] = useState<SubmitStatus>('idle');
  // State updates are not synchronous: a ref stops a double click from sending twice.
  const busy = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  async function submit(values: OrderFormValues): Promise<SubmitFailure | null> {
    if (busy.current || !values.childPhoto) return null;
    busy.current = true;
    setStatus('submitting');

    const fail = (failure: SubmitFailure) => {
      busy.current = false;
      setStatus('idle');
      return failure;
    };

    try {
      const { data, error } = await createOrder({
        variables: { input: toCreateOrderInput(values), childPhoto: values.childPhoto },
      });
      if (error || !data) return fail({ message: GENERIC_ERROR, field: null });
      const { orderId, checkoutToken, order, userErrors } = data.createOrder;
      const refusal = userErrors[0];
      if (refusal) return fail({ message: refusal.message, field: formFieldOf(refusal.field) });
      if (!orderId || !checkoutToken || !order) return fail({ message: GENERIC_ERROR, field: null });

      saveCheckout({ orderId, checkoutToken });
      // A no-op unless the shop has a pixel and the visitor accepted cookies.
      trackInitiateCheckout({
        value: order.amountCents / 100,
        currency: order.currency,
        contentIds: [order.bookFormat],
        orderId,
      });
      setStatus('redirecting');
      redirectTimer.current = window.setTimeout(
        () => navigate(paymentUrl(orderId, order.amountCents, order.bookFormat)),
        REDIRECT_DELAY_MS,
      );
      return null;
    } catch {
      // Network failures and GraphQL errors: nothing the parent can act on but a retry.
      return fail({ message: GENERIC_ERROR, field: null });
    }
  }

  return { submit, status, busy: status !== 'idle' };
}
