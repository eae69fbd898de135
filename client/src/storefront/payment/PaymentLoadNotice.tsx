import { PAYMENT_MESSAGES } from './payment-messages';

/** The yellow notice when the payment system could not be reached or loaded. */
export function PaymentLoadNotice({ detail }: { detail?: string | null }) {
  return (
    <div className="payment-load-notice" role="alert">
      <p className="payment-load-notice__message">{PAYMENT_MESSAGES.loadFailed}</p>
      {detail && (
        <details className="payment-load-notice__details">
          <summary>Error details</summary>
          <p>{detail}</p>
        </details>
      )}
      <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}
