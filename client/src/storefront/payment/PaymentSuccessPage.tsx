import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { clearCheckout } from '../checkout-session';
import './payment-success-page.css';

interface DeliveryCopy {
  promise: string;
  note: string;
}

// The spec's exact promises; the notes tell the parent what to watch for next.
const DELIVERY: Record<'digital' | 'printed', DeliveryCopy> = {
  printed: {
    promise: "You'll receive your premium printed storybook in 7-10 business days.",
    note: "We'll e-mail you a shipping confirmation with tracking as soon as your book is on its way to you.",
  },
  digital: {
    promise: "You'll get your personalized story in 24 hours or less via email.",
    note: 'Keep an eye on your inbox for the e-mail with your download link, and check your spam or promotions folder if it has not arrived.',
  },
};

export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const format = searchParams.get('format');
  const delivery = format === 'digital' || format === 'printed' ? DELIVERY[format] : null;

  // The order is paid: the checkout token has done its job and need not stay in the tab.
  useEffect(() => clearCheckout(), []);

  return (
    <section className="page success-page">
      <PageTitle>Payment Successful!</PageTitle>
      <div className="success-page__card">
        <div className="success-page__badge" aria-hidden="true">
          <svg viewBox="0 0 48 48" focusable="false">
            <circle cx="24" cy="24" r="22" />
            <path d="m14 25 7 7 13-15" />
          </svg>
        </div>
        <h1 className="success-page__title">Payment Successful!</h1>
        <p className="success-page__lead">
          Thank you for your order! Our storytellers and illustrators are already getting started.
        </p>
        {delivery ? (
          <div className="success-page__delivery">
            <p className="success-page__promise">{delivery.promise}</p>
            <p className="success-page__note">{delivery.note}</p>
          </div>
        ) : (
          <p className="success-page__note">We'll e-mail you with every update about your order.</p>
        )}
        <p className="success-page__help">
          Questions in the meantime? Our <Link to="/faq">FAQ</Link> has quick answers.
        </p>
        <Link to="/" className="button button--primary success-page__home">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
