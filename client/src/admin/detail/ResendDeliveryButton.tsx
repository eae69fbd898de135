import { useMutation } from '@apollo/client/react';
import { useState } from 'react';

import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';
import { RESEND_DELIVERY_EMAIL_MUTATION } from './resend-operations';

export const RESEND_MESSAGES = {
  sent: (email: string) => `The delivery e-mail has been queued again for ${email}, with the order's link.`,
  failed: 'Failed to resend the delivery e-mail',
  error: 'An error occurred while resending the delivery e-mail',
} as const;

type Outcome = { tone: 'success' | 'error'; message: string };

/** For a Completed order: queue the delivery e-mail again (with the order's one link), and say how it went. */
export function ResendDeliveryButton({ orderId }: { orderId: string }) {
  const { expire } = useAdminSession();
  const [resend, { loading }] = useMutation(RESEND_DELIVERY_EMAIL_MUTATION);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onClick() {
    if (loading) return;
    setOutcome(null);
    try {
      const { data } = await resend({ variables: { orderId } });
      const payload = data?.resendDeliveryEmail;
      const refusal = payload?.userErrors[0];
      if (refusal) setOutcome({ tone: 'error', message: refusal.message });
      else if (!payload?.order) setOutcome({ tone: 'error', message: RESEND_MESSAGES.failed });
      else setOutcome({ tone: 'success', message: RESEND_MESSAGES.sent(payload.order.email) });
    } catch (error) {
      if (isUnauthenticated(error)) expire();
      else setOutcome({ tone: 'error', message: RESEND_MESSAGES.error });
    }
  }

  return (
    <div className="resend-delivery">
      <button type="button" className="button button--secondary button--small" onClick={onClick} aria-disabled={loading}>
        {loading ? 'Sending…' : 'Resend delivery e-mail'}
      </button>
      {outcome && (
        <p
          className={`admin-alert ${outcome.tone === 'success' ? 'admin-alert--success' : 'admin-alert--error'}`}
          role={outcome.tone === 'success' ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      )}
    </div>
  );
}
