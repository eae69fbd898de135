import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { trackPurchase } from '../../analytics/pixel';
import { Spinner } from '../../ui/Spinner';
import { markPaid } from '../checkout-session';
import { PaidOrderNotice } from './PaidOrderNotice';
import { RECORD_PAYMENT_MUTATION } from './payment-operations';

interface ReturnedPaymentProps {
  order: { id: string; bookFormat: string; amountCents: number; currency: string; status: string };
  checkoutToken: string;
  paymentId: string;
}

/**
 * Back from a payment method that redirects (3-D Secure, a bank) to an order that is already
 * Paid: Stripe's webhook often gets here first. Recording the same payment again is a no-op
 * on the server, so if it is this payment that paid the order, this is a success.
 */
export function ReturnedPayment({ order, checkoutToken, paymentId }: ReturnedPaymentProps) {
  const navigate = useNavigate();
  const [recordPayment] = useMutation(RECORD_PAYMENT_MUTATION, { fetchPolicy: 'no-cache' });
  const [settled, setSettled] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    recordPayment({ variables: { orderId: order.id, checkoutToken, paymentId } })
      .then(({ data }) => {
        if (data?.recordPayment.userErrors.length === 0) {
          markPaid(order.id);
          trackPurchase({
            value: order.amountCents / 100,
            currency: order.currency,
            contentIds: [order.bookFormat],
            transactionId: order.id,
          });
          navigate(`/payment-success?${new URLSearchParams({ format: order.bookFormat }).toString()}`, { replace: true });
        } else {
          setSettled(true);
        }
      })
      .catch(() => setSettled(true));
  }, [order, checkoutToken, paymentId, recordPayment, navigate]);

  if (!settled) return <Spinner label="Processing your payment..." />;
  return <PaidOrderNotice orderId={order.id} status={order.status} checkoutToken={checkoutToken} />;
}
