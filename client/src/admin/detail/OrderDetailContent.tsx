import type { ReactNode } from 'react';
import type { OrderDetailFragment } from '../../gql/graphql';
import { childNameInText, childNameLabel, DELETED_CHILD_DATA, formatAmount, formatDateTime, formatLabel } from '../order-format';
import { EmailAddress } from '../../ui/EmailAddress';
import { PostalAddress } from '../../ui/PostalAddress';
import { NewTabLink } from '../shared/NewTabLink';
import { OrderFulfilment } from '../fulfilment/OrderFulfilment';
import { OrderStudio } from '../studio/OrderStudio';
import { DeliveredBook } from './DeliveredBook';
import { DetailList } from './DetailList';
import { OrderDelivery } from './OrderDelivery';
import { OrderEmails } from './OrderEmails';
import { OrderHistory } from './OrderHistory';
import { formatCalendarDate } from '../../ui/calendar-date';

const when = (iso: string | null | undefined) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null);

/** Everything about one order, in the order the admin works through it. Customer text renders as text. */
export function OrderDetailContent({ order }: { order: OrderDetailFragment }) {
  const address = order.shippingAddress;
  return (
    <div className="order-detail">
      <section className="order-detail__section" aria-labelledby="order-detail-studio">
        <h3 id="order-detail-studio">Studio</h3>
        <OrderStudio order={order} />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-delivery">
        <h3 id="order-detail-delivery">Video delivery</h3>
        <OrderDelivery order={order} />
        <DeliveredBook order={order} />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-fulfilment">
        <h3 id="order-detail-fulfilment">Shipping, refund and cancellation</h3>
        <OrderFulfilment order={order} />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-story">
        <h3 id="order-detail-story">Child and story</h3>
        <div className="order-detail__story">
          {order.photoUrl && (
            <figure className="order-detail__photo">
              <img src={order.photoUrl} alt={`Photo of ${childNameInText(order.childName)}`} />
              <figcaption>
                <NewTabLink href={order.photoUrl}>View Photo</NewTabLink>
              </figcaption>
            </figure>
          )}
          <DetailList
            items={[
              ["Child's name", childNameLabel(order.childName)],
              ['Age', order.childDataDeletedAt ? DELETED_CHILD_DATA : order.childAge],
              ['Life lesson', order.moral],
              ['Story idea', order.storyIdea ? <span className="order-detail__story-idea">{order.storyIdea}</span> : null],
              ['Dedication', order.dedication ? <span className="order-detail__story-idea">{order.dedication}</span> : null],
              ...giftItems(order),
              ['Format', formatLabel(order.bookFormat)],
              ['Style', order.bookStyle],
            ]}
          />
        </div>
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-customer">
        <h3 id="order-detail-customer">Customer</h3>
        <DetailList
          items={[
            ['Email', order.email ? <EmailAddress email={order.email} /> : null],
            [
              'Shipping address',
              address ? (
                <PostalAddress address={address} className="order-detail__address" />
              ) : order.childDataDeletedAt && order.bookFormat === 'printed' ? (
                DELETED_CHILD_DATA
              ) : null,
            ],
            ...(address ? [['Phone for the carrier', address.phone] as [string, string | null | undefined]] : []),
          ]}
        />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-payment">
        <h3 id="order-detail-payment">Payment and dates</h3>
        <DetailList
          items={[
            ['Order ID', <code className="order-detail__code">{order.id}</code>],
            ['Amount', formatAmount(order.amountCents, order.currency)],
            [
              'Discount code',
              order.discount ? `${order.discount.code} (${formatAmount(order.discount.amountCents, order.currency)} off)` : null,
            ],
            [
              'Same checkout',
              order.checkoutBooks.length > 0
                ? order.checkoutBooks
                    .map(
                      (book) =>
                        `${book.reference}${book.first ? ' (first)' : ''}: ${book.childName ?? 'details deleted'}, ${book.status}, ${formatAmount(book.amountCents, order.currency)}`,
                    )
                    .join('; ')
                : null,
            ],
            ['Payment provider', order.paymentProvider],
            ['Payment ID', order.paymentId ? <code className="order-detail__code">{order.paymentId}</code> : null],
            ['Created', when(order.createdAt)],
            ['Paid', when(order.paidAt)],
            ['Completed', when(order.completedAt)],
            ['Shipped', when(order.shippedAt)],
            ['Cancelled', when(order.cancelledAt)],
            ['Refunded', when(order.refundedAt)],
            ['Updated', when(order.updatedAt)],
          ]}
        />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-history">
        <h3 id="order-detail-history">History</h3>
        <OrderHistory events={order.events} />
      </section>

      <section className="order-detail__section" aria-labelledby="order-detail-emails">
        <h3 id="order-detail-emails">E-mails</h3>
        <OrderEmails emails={order.emails} />
      </section>
    </div>
  );
}

/** A gift's rows, when the order is one: its message (where the studio puts it) and a digital book's day. */
function giftItems(order: OrderDetailFragment): Array<[string, ReactNode]> {
  const items: Array<[string, ReactNode]> = [];
  if (order.giftMessage) {
    items.push([
      order.bookFormat === 'printed' ? 'Gift message (dedication page)' : 'Gift message (delivery e-mail)',
      <span className="order-detail__story-idea">{order.giftMessage}</span>,
    ]);
  }
  if (order.giftDeliveryDate && order.giftSendAt) {
    items.push([
      'Gift delivery day',
      <>
        {formatCalendarDate(order.giftDeliveryDate)}: the e-mail waits until{' '}
        <time dateTime={order.giftSendAt}>{formatDateTime(order.giftSendAt)}</time>
      </>,
    ]);
  }
  return items;
}
