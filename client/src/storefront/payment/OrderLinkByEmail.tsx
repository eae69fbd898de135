import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { REQUEST_ORDER_LINKS_FOR_ORDER_MUTATION } from './payment-operations';

export const ORDER_LINK_MESSAGES = {
  explain:
    'This payment page opens only in the browser tab where the order was placed. We can e-mail you a link to your order, and you can pay from there.',
  sent: 'If this order is waiting for you, a link to it is on its way to the e-mail address on the order. It may take a few minutes.',
  failed: 'We could not send the link just now. Please try again.',
} as const;

/**
 * The payment page opened without this tab's checkout token (another tab, a browser restart, a
 * copied link): nothing of the order is shown, but its link can be e-mailed to the address on it.
 */
export function OrderLinkByEmail({ orderId }: { orderId: string }) {
  const [send, { loading }] = useMutation(REQUEST_ORDER_LINKS_FOR_ORDER_MUTATION);
  const [state, setState] = useState<'idle' | 'sent' | { message: string }>('idle');

  async function onSend() {
    if (loading) return;
    try {
      const { data, error } = await send({ variables: { orderId } });
      const refusal = data?.requestOrderLinksForOrder.userErrors[0];
      if (refusal) setState({ message: refusal.message });
      else if (error || !data) setState({ message: ORDER_LINK_MESSAGES.failed });
      else setState('sent');
    } catch {
      setState({ message: ORDER_LINK_MESSAGES.failed });
    }
  }

  return (
    <div className="payment-paid payment-link-by-email">
      <p className="payment-paid__message">{ORDER_LINK_MESSAGES.explain}</p>
      {state === 'sent' ? (
        <p className="payment-link-by-email__sent" role="status">
          {ORDER_LINK_MESSAGES.sent}
        </p>
      ) : (
        <>
          {typeof state === 'object' && (
            <p className="payment-link-by-email__error" role="alert">
              {state.message}
            </p>
          )}
          <div className="payment-paid__actions">
            <button type="button" className="button button--primary" onClick={() => void onSend()} aria-disabled={loading}>
              {loading ? 'Sending…' : 'E-mail me the link'}
            </button>
            <Link to="/create" className="button button--secondary">
              Start a new order
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
