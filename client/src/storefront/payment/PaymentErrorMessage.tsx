import { forwardRef } from 'react';
import { Link } from 'react-router-dom';

export interface PaymentErrorMessageProps {
  message: string;
  detail?: string | null;
  /** When given, 'Try Again' retries the payment here; otherwise it leads back to the order form. */
  onRetry?: () => void;
  /** The retry button's words: 'Try Again' unless given ('Use another card' after a decline). */
  retryLabel?: string;
}

/** A payment problem in the spec's words, with 'Try Again'. */
export const PaymentErrorMessage = forwardRef<HTMLDivElement, PaymentErrorMessageProps>(function PaymentErrorMessage(
  { message, detail, onRetry, retryLabel = 'Try Again' },
  ref,
) {
  return (
    <div ref={ref} className="payment-error" role="alert">
      <p className="payment-error__message">{message}</p>
      {detail && detail !== message && <p className="payment-error__detail">{detail}</p>}
      {onRetry ? (
        <button type="button" className="button button--secondary payment-error__retry" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : (
        <Link to="/create" className="button button--secondary payment-error__retry">
          Try Again
        </Link>
      )}
    </div>
  );
});
