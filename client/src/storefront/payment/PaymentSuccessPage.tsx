import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { type CheckoutSession, readPaid } from '../checkout-session';
import { addressLines } from './OrderSummary';
import { formatPrice } from '../../ui/formatPrice';
import { CHECKOUT_ORDER_QUERY } from './payment-operations';
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

function isFormat(value: string | null | undefined): value is 'digital' | 'printed' {
  return value === 'digital' || value === 'printed';
}

/** Opened without an order just paid in this browser: no claim of a payment, a way to find one. */
function NothingToConfirm() {
  return (
    <section className="page success-page">
      <PageTitle>Find your order</PageTitle>
      <div className="success-page__card">
        <h1 className="success-page__title">Looking for your order?</h1>
        <p className="success-page__lead">
          This page confirms a payment made in this browser, and there is none to confirm here right now.
        </p>
        <p className="success-page__note">
          If you have paid, your confirmation e-mail has a link to your order page. Lost it? We can e-mail you your order links.
        </p>
        <div className="success-page__actions">
          <Link to="/order" className="button button--primary success-page__home">
            Find my order
          </Link>
          <Link to="/" className="button button--secondary success-page__home">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}

function PaidOrder({ paid, format }: { paid: CheckoutSession; format: string | null }) {
  const { data } = useQuery(CHECKOUT_ORDER_QUERY, {
    variables: { orderId: paid.orderId, checkoutToken: paid.checkoutToken },
    fetchPolicy: 'network-only',
  });
  const order = data?.checkoutOrder ?? null;
  const bookFormat = order?.bookFormat ?? format;
  const delivery = isFormat(bookFormat) ? DELIVERY[bookFormat] : null;
  const lesson = order ? (data?.catalogue.lifeLessons.find((each) => each.value === order.moral)?.label ?? order.moral) : null;
  const style =
    order?.bookFormat === 'printed' && order.bookStyle
      ? (data?.catalogue.bookStyles.find((each) => each.value === order.bookStyle)?.label ?? order.bookStyle)
      : null;
  const orderPage = `/order/${encodeURIComponent(paid.checkoutToken)}`;

  // The form's draft for this order has done its job.
  useEffect(() => {
    void import('../create/draft/draft-store').then((store) => store.clearDraftOfOrder(paid.orderId)).catch(() => undefined);
  }, [paid.orderId]);

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
        {order && (
          <p className="success-page__reference">
            Order reference <strong>{order.reference}</strong>
          </p>
        )}
        {delivery ? (
          <div className="success-page__delivery">
            <p className="success-page__promise">{delivery.promise}</p>
            <p className="success-page__note">{delivery.note}</p>
          </div>
        ) : (
          <p className="success-page__note">We'll e-mail you with every update about your order.</p>
        )}
        {order && (
          <>
            <p className="success-page__sent">We sent a confirmation to {order.email}</p>
            <section className="success-page__recap" aria-labelledby="success-recap-title">
              <h2 id="success-recap-title" className="success-page__recap-title">
                Your order
              </h2>
              <dl>
                <div>
                  <dt>Book</dt>
                  <dd>{order.title}</dd>
                </div>
                <div>
                  <dt>Starring</dt>
                  <dd>{order.childName}</dd>
                </div>
                {lesson && (
                  <div>
                    <dt>Life lesson</dt>
                    <dd>{lesson}</dd>
                  </div>
                )}
                {style && (
                  <div>
                    <dt>Illustration style</dt>
                    <dd>{style}</dd>
                  </div>
                )}
                {order.bookFormat === 'printed' && order.shippingAddress && (
                  <div>
                    <dt>Ship to</dt>
                    <dd>{addressLines(order.shippingAddress).join(', ')}</dd>
                  </div>
                )}
                {order.books.length > 1 && (
                  <div>
                    <dt>Also in this order</dt>
                    <dd>
                      {order.books
                        .filter((book) => book.id !== order.id)
                        .map((book) => `${book.title}, starring ${book.childName}`)
                        .join('; ')}
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Paid</dt>
                  <dd>
                    {formatPrice(order.totalCents, order.currency)}
                    {order.bookFormat === 'printed' && order.shippingIncluded ? ', shipping included' : ''}
                  </dd>
                </div>
              </dl>
            </section>
          </>
        )}
        <p className="success-page__order-link">
          <Link to={orderPage} className="button button--primary">
            View your order
          </Link>
        </p>
        <p className="success-page__help">
          Questions in the meantime? Our <Link to="/faq">FAQ</Link> has quick answers.
        </p>
        <Link to="/" className="button button--secondary success-page__home">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

/**
 * After paying: the spec's 'Payment Successful!' with what was bought, where the confirmation
 * went and the link to the order's page. It confirms only an order this browser has just paid
 * (read after the first render, so a prerendered page and the browser agree); opened any other
 * way it claims no payment.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const [paid, setPaid] = useState<CheckoutSession | null | undefined>(undefined);

  useEffect(() => setPaid(readPaid()), []);

  if (paid === undefined) {
    return (
      <section className="page success-page">
        <PageTitle>Your order</PageTitle>
        <Spinner label="Checking your order…" />
      </section>
    );
  }
  if (!paid) return <NothingToConfirm />;
  return <PaidOrder paid={paid} format={searchParams.get('format')} />;
}
