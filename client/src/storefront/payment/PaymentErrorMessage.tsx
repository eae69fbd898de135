import { Link } from 'react-router-dom';

/** A payment problem in the spec's words, with the way back to the order form. */
export function PaymentErrorMessage({ message, detail }: { message: string; detail?: string | null }) {
  return (
    <div className="payment-error" role="alert">
      <p className="payment-error__message">{message}</p>
      {detail && detail !== message && <p className="payment-error__detail">{detail}</p>}
      <Link to="/create" className="button button--secondary payment-error__retry">
        Try Again
      </Link>
    </div>
  );
}
