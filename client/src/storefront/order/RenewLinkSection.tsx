import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ORDER_MESSAGES } from './order-page-messages';
import { RENEW_ORDER_LINK_MUTATION } from './order-page-operations';
import type { OrderPageState } from './OrderPage';

/** Replaces this private link with a new one (every older link stops working) and moves to it. */
export function RenewLinkSection({ token }: { token: string }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [renew, { loading }] = useMutation(RENEW_ORDER_LINK_MUTATION);

  async function onRenew() {
    if (loading) return;
    setProblem(null);
    try {
      const { data, error } = await renew({ variables: { token } });
      const payload = data?.renewOrderLink;
      if (error || !payload) return setProblem(ORDER_MESSAGES.genericError);
      if (payload.userErrors[0]) return setProblem(payload.userErrors[0].message);
      if (!payload.token) return setProblem(ORDER_MESSAGES.genericError);
      // Replace: the address in the history is no longer a working link.
      navigate(`/order/${payload.token}`, { replace: true, state: { renewed: true } satisfies OrderPageState });
    } catch {
      setProblem(ORDER_MESSAGES.genericError);
    }
  }

  return (
    <section className="order-page__card" aria-labelledby="order-link">
      <h2 id="order-link" className="order-page__heading">
        Your private link
      </h2>
      <p>{ORDER_MESSAGES.renewExplain}</p>
      {problem && (
        <p className="order-page__error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={() => void onRenew()} disabled={loading}>
        {ORDER_MESSAGES.renew}
      </button>
    </section>
  );
}
