import { formatPrice } from '../../ui/formatPrice';

export interface SummaryOrder {
  title: string;
  childName: string;
  amountCents: number;
  currency: string;
}

/** What is being bought and what it costs: always the order's own amount from the server. */
export function OrderSummary({ order, delivery }: { order: SummaryOrder; delivery: string | null }) {
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__heading">
        Order Summary
      </h2>
      <div className="payment-summary__item">
        <svg className="payment-summary__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M24 12C19 8 11 7 5 9v29c6-2 14-1 19 3Z" fill="#f1eaff" stroke="#6c3ce1" strokeWidth="2.5" />
          <path d="M24 12c5-4 13-5 19-3v29c-6-2-14-1-19 3Z" fill="#fff1d6" stroke="#6c3ce1" strokeWidth="2.5" />
          <path d="M24 12v29" stroke="#6c3ce1" strokeWidth="2.5" />
        </svg>
        <div>
          <p className="payment-summary__title">{order.title}</p>
          <p className="payment-summary__hero">Starring {order.childName}</p>
        </div>
      </div>
      {delivery && <p className="payment-summary__delivery">{delivery}</p>}
      <dl className="payment-summary__total">
        <dt>Total</dt>
        <dd>{formatPrice(order.amountCents, order.currency)}</dd>
      </dl>
      <p className="payment-summary__note">One-time payment in {order.currency}. No subscription.</p>
    </section>
  );
}
