import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { readCheckout } from '../checkout-session';
import { CheckoutPanel } from './CheckoutPanel';
import { LoadingPaymentOverlay } from './LoadingPaymentOverlay';
import { OrderLinkByEmail } from './OrderLinkByEmail';
import { readPaymentQuery } from './payment-query';
import { PaymentErrorMessage } from './PaymentErrorMessage';
import { useArrivalOverlay } from './use-arrival-overlay';
import './payment-page.css';

/**
 * /payment?orderId=..&amount=..&format=..: checks the link, finds the checkout token this tab
 * was given when the order was created, and hands over to the checkout panel.
 */
export function PaymentPage() {
  const [searchParams] = useSearchParams();
  const query = useMemo(() => readPaymentQuery(searchParams), [searchParams]);
  const overlay = useArrivalOverlay();
  // Read once: the token stays in sessionStorage until the success page clears it.
  const session = useMemo(() => readCheckout(), []);

  let body;
  if (!query.ok) {
    body = <PaymentErrorMessage message={query.message} />;
  } else if (!session || session.orderId !== query.orderId) {
    // Without this tab's token the order cannot be read (another tab, a restart, a shared link):
    // its link can be e-mailed to the address on it.
    body = <OrderLinkByEmail orderId={query.orderId} />;
  } else {
    // The link's amount has been checked for shape only; what is shown and paid is the order's.
    body = <CheckoutPanel orderId={query.orderId} checkoutToken={session.checkoutToken} />;
  }

  return (
    <div className="payment-page">
      <PageTitle>Complete Your Payment</PageTitle>
      {/* Under the overlay nothing can be reached by keyboard until it lifts. */}
      <div className="payment-page__content" inert={overlay}>
        <header className="payment-page__header">
          <h1 className="payment-page__title">Complete Your Payment</h1>
        </header>
        {body}
      </div>
      {overlay && <LoadingPaymentOverlay />}
    </div>
  );
}
