import { Link } from 'react-router-dom';

import type { OrderPageFieldsFragment, OrderPageQuery } from '../../gql/graphql';
import { EmailAddress } from '../../ui/EmailAddress';
import { formatPrice } from '../../ui/formatPrice';
import { PostalAddress } from '../../ui/PostalAddress';
import { formatDay } from './order-page-messages';

interface OrderSummaryProps {
  order: OrderPageFieldsFragment;
  catalogue: Pick<OrderPageQuery['catalogue'], 'lifeLessons' | 'bookStyles'>;
}

/** What was ordered, as the parent entered it; what was deleted is simply not there. Customer text renders as text. */
export function OrderSummary({ order, catalogue }: OrderSummaryProps) {
  const lesson = catalogue.lifeLessons.find((option) => option.value === order.moral)?.label ?? order.moral;
  const style = order.bookStyle
    ? (catalogue.bookStyles.find((option) => option.value === order.bookStyle)?.label ?? order.bookStyle)
    : null;
  const address = order.shippingAddress;
  const price = formatPrice(order.amountCents, order.currency);

  const items: Array<[string, React.ReactNode]> = [
    ["Child's name", order.childName],
    ['Age', order.childAge],
    ['Life lesson', lesson],
    ['Story idea', order.storyIdea],
    ['Dedication', order.dedication ? <span className="order-page__dedication">{order.dedication}</span> : null],
    ['Gift message', order.giftMessage ? <span className="order-page__dedication">{order.giftMessage}</span> : null],
    ['Book', order.title],
    ['Style', style],
    ['Price', order.shippingIncluded ? `${price}, shipping to the US and Canada included` : price],
    ['E-mail', order.email ? <EmailAddress email={order.email} /> : null],
    ['Shipping address', address ? <PostalAddress address={address} className="order-page__address" /> : null],
    ['Phone for the carrier', address?.phone ?? null],
    ['Ordered', <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>],
  ];

  return (
    <section className="order-page__card" aria-labelledby="order-summary">
      <h2 id="order-summary" className="order-page__heading">
        What you ordered
      </h2>
      <div className="order-page__summary">
        {order.photoUrl && (
          <img
            className="order-page__photo"
            src={order.photoUrl}
            alt={order.childName ? `Photo of ${order.childName}` : "Your child's photo"}
            referrerPolicy="no-referrer"
          />
        )}
        <dl className="order-page__list">
          {items
            .filter(([, value]) => value !== null && value !== undefined && value !== '')
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      {order.receiptUrl && (
        <p className="order-page__receipt-link">
          <Link to={order.receiptUrl}>Your receipt</Link>, to print or save as a PDF (its link opens the receipt alone, so you can
          forward it)
        </p>
      )}
    </section>
  );
}
