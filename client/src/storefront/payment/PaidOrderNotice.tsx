import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { PAYMENT_MESSAGES } from './payment-messages';

/**
 * The payment page of an order that needs no payment: paid (Back after paying, or a visit
 * later) or cancelled. Links to the order's own page, where it can be followed.
 */
export function PaidOrderNotice({ orderId, status, checkoutToken }: { orderId: string; status: string; checkoutToken: string }) {
  const cancelled = status === 'Cancelled';

  // Paid: the form's draft for this order has done its job.
  useEffect(() => {
    if (cancelled) return;
    void import('../create/draft/draft-store').then((store) => store.clearDraftOfOrder(orderId)).catch(() => undefined);
  }, [cancelled, orderId]);

  return (
    <div className="payment-paid" role="status">
      <p className="payment-paid__message">{cancelled ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.alreadyPaid}</p>
      <div className="payment-paid__actions">
        <Link to={`/order/${encodeURIComponent(checkoutToken)}`} className="button button--primary">
          View your order
        </Link>
        {cancelled ? (
          <Link to="/create" className="button button--secondary">
            Back to the order form
          </Link>
        ) : (
          <Link to="/" className="button button--secondary">
            Back to Home
          </Link>
        )}
      </div>
    </div>
  );
}
