import { useId } from 'react';
import { useNavigate } from 'react-router-dom';

import type { OrderPageFieldsFragment, OrderPageQuery } from '../../gql/graphql';
import { formatPrice } from '../../ui/formatPrice';
import { Icon } from '../../ui/Icon';
import { PageTitle } from '../../ui/PageTitle';
import { saveCheckout } from '../checkout-session';
import { paymentUrl } from '../create/use-submit-order';
import { GiftDeliverySection } from './GiftDeliverySection';
import { ChangeRequestSection } from './ChangeRequestSection';
import { DeleteChildDataSection } from './DeleteChildDataSection';
import { formatDay, formatWhen, ORDER_MESSAGES, orderHeading, STATUS_LABEL } from './order-page-messages';
import { OrderSummary } from './OrderSummary';
import { PaidChangesSection } from './PaidChangesSection';
import { ProofReviewSection } from './ProofReviewSection';
import { proofShown } from './proof-shown';
import { RenewLinkSection } from './RenewLinkSection';

interface OrderViewProps {
  order: OrderPageFieldsFragment;
  catalogue: OrderPageQuery['catalogue'];
  token: string;
  /** True on the first visit after a new link replaced the old ones. */
  renewed: boolean;
}

/** One order as its parent sees it: where it stands first, then the files, the story of the order, and what was ordered. */
export function OrderView({ order, catalogue, token, renewed }: OrderViewProps) {
  const navigate = useNavigate();
  const timelineId = useId();
  const heading = orderHeading(order.status, order.childName);
  const delivered = order.status === 'Completed' || order.status === 'Shipped';

  // The payment page reads the order with the token kept in this tab, exactly as after the order form.
  const completePayment = () => {
    saveCheckout({ orderId: order.id, checkoutToken: token });
    navigate(paymentUrl(order.id, order.amountCents, order.bookFormat));
  };

  return (
    <>
      <PageTitle>{`Order ${order.reference}`}</PageTitle>
      <header className="order-page__header">
        <p className="order-page__eyebrow">Order {order.reference}</p>
        <h1 className="order-page__title">{heading}</h1>
        <p className="order-page__status">
          <span className={`order-page__badge order-page__badge--${order.status.toLowerCase()}`}>
            {STATUS_LABEL[order.status]}
          </span>
        </p>
      </header>

      {renewed && (
        <p className="order-page__notice" role="status">
          <Icon name="check" size={20} />
          <span>{ORDER_MESSAGES.renewed}</span>
        </p>
      )}

      {order.childDataDeleted && (
        <div className="order-page__notice" role="status">
          <Icon name="shield" size={20} />
          <div>
            <p>
              <strong>{ORDER_MESSAGES.deletedTitle}</strong>
            </p>
            <p>{ORDER_MESSAGES.deletedNote}</p>
          </div>
        </div>
      )}

      {order.status === 'Pending' && order.canPay && !order.childDataDeleted && (
        <section className="order-page__card order-page__pay" aria-label="Payment">
          <p>{ORDER_MESSAGES.pendingNote}</p>
          <p className="order-page__amount">{formatPrice(order.amountCents, order.currency)}</p>
          <button type="button" className="button button--primary button--large" onClick={completePayment}>
            {ORDER_MESSAGES.completePayment}
          </button>
        </section>
      )}

      <PaidChangesSection order={order} catalogue={catalogue} token={token} />

      {proofShown(order) && (
        <ProofReviewSection order={order} proof={order.proof} token={token} maxLength={catalogue.limits.changeRequestMaxLength} />
      )}

      {delivered && order.delivery && <DeliveredFiles order={order} delivery={order.delivery} />}

      {order.giftDelivery && !order.childDataDeleted && order.status !== 'Cancelled' && order.status !== 'Refunded' && (
        <GiftDeliverySection order={order} token={token} maxDays={catalogue.limits.giftDeliveryMaxDays} />
      )}

      {order.shipment && (
        <section className="order-page__card" aria-labelledby="order-tracking">
          <h2 id="order-tracking" className="order-page__heading">
            <Icon name="truck" size={22} /> Tracking
          </h2>
          <dl className="order-page__list">
            <div>
              <dt>Carrier</dt>
              <dd>{order.shipment.carrier}</dd>
            </div>
            <div>
              <dt>Tracking number</dt>
              <dd>
                <code className="order-page__code">{order.shipment.trackingNumber}</code>
              </dd>
            </div>
            <div>
              <dt>Shipped</dt>
              <dd>{formatDay(order.shipment.shippedAt)}</dd>
            </div>
          </dl>
          {order.shipment.trackingUrl && (
            <a className="button button--secondary" href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {ORDER_MESSAGES.trackParcel}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </section>
      )}

      {order.refunds.length > 0 && (
        <section className="order-page__card" aria-labelledby="order-refunds">
          <h2 id="order-refunds" className="order-page__heading">
            Refunds
          </h2>
          <ul className="order-page__refunds">
            {order.refunds.map((refund) => (
              <li key={refund.refundedAt}>
                <strong>{formatPrice(refund.amountCents, order.currency)}</strong> refunded on{' '}
                <time dateTime={refund.refundedAt}>{formatDay(refund.refundedAt)}</time>
                {refund.reason && <span className="order-page__muted">: {refund.reason}</span>}
              </li>
            ))}
          </ul>
          <p className="order-page__muted">The money goes back to the card you paid with.</p>
        </section>
      )}

      {delivered && <ChangeRequestSection order={order} token={token} maxLength={catalogue.limits.changeRequestMaxLength} />}

      <section className="order-page__card" aria-labelledby={timelineId}>
        <h2 id={timelineId} className="order-page__heading">
          Where your order stands
        </h2>
        <ol className="order-timeline">
          {order.timeline.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="order-timeline__entry">
              <span className="order-timeline__title">{entry.title}</span>
              <time className="order-timeline__when" dateTime={entry.at}>
                {formatWhen(entry.at)}
              </time>
              {entry.detail && <span className="order-timeline__detail">{entry.detail}</span>}
            </li>
          ))}
        </ol>
      </section>

      <OrderSummary order={order} catalogue={catalogue} />

      <RenewLinkSection token={token} />

      {!order.childDataDeleted && <DeleteChildDataSection order={order} token={token} />}
    </>
  );
}

function DeliveredFiles({
  order,
  delivery,
}: {
  order: OrderPageFieldsFragment;
  delivery: NonNullable<OrderPageFieldsFragment['delivery']>;
}) {
  const story = order.childName ? `${order.childName}'s story` : 'Your story';
  // A digital order's product is the PDF: it comes first, to read here or keep; the video follows.
  const pdfFirst = order.bookFormat === 'digital' && Boolean(delivery.pdfUrl);
  return (
    <section className="order-page__card order-page__files" aria-labelledby="order-files">
      <h2 id="order-files" className="order-page__heading">
        Your book
      </h2>
      {pdfFirst && (
        <div className="order-page__actions">
          {delivery.pdfReadUrl && (
            <a className="button button--primary" href={delivery.pdfReadUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="book" size={20} />
              {ORDER_MESSAGES.readPdf}
            </a>
          )}
          <a className="button button--secondary" href={delivery.pdfUrl ?? undefined} download>
            <Icon name="arrow-right" size={20} className="order-page__download-icon" />
            {ORDER_MESSAGES.downloadPdf}
          </a>
        </div>
      )}
      {delivery.watchUrl && (
        <div className="order-page__player">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- each story video is made for one order and comes without a captions file */}
          <video controls playsInline preload="metadata" aria-label={story}>
            <source src={delivery.watchUrl} type={delivery.contentType ?? undefined} />
            Your browser cannot play this video here: download it below instead.
          </video>
        </div>
      )}
      <div className="order-page__actions">
        {delivery.videoDownloadUrl && (
          <a className={`button ${pdfFirst ? 'button--secondary' : 'button--primary'}`} href={delivery.videoDownloadUrl} download>
            <Icon name="arrow-right" size={20} className="order-page__download-icon" />
            {ORDER_MESSAGES.downloadVideo}
          </a>
        )}
        {delivery.pdfUrl && !pdfFirst && (
          <a className="button button--secondary" href={delivery.pdfUrl} download>
            <Icon name="book" size={20} />
            {ORDER_MESSAGES.downloadPdf}
          </a>
        )}
      </div>
      <p className="order-page__muted">
        Delivered on <time dateTime={delivery.deliveredAt}>{formatDay(delivery.deliveredAt)}</time>. These download links are made
        fresh each time you open this page: download the files to keep them for good.
      </p>
    </section>
  );
}
