import { useState } from 'react';

import type { OrderFulfilmentFragment } from '../../gql/graphql';
import { DetailList } from '../detail/DetailList';
import { useIsOwner } from '../session/admin-session-context';
import { formatDateTime } from '../order-format';
import { CancelOrderForm } from './CancelOrderForm';
import { MarkShippedForm } from './MarkShippedForm';
import { PaymentAlerts } from './PaymentAlerts';
import { RefundOrderForm } from './RefundOrderForm';
import { RefundProblems } from './RefundProblems';
import { TrackingNumber } from './ShipmentDetails';
import './fulfilment.css';

const REFUNDABLE = new Set(['Paid', 'Completed', 'Shipped']);

/**
 * The panel's shipping, refund and cancellation section: extra charges to refund, the shipment,
 * and what the admin may do next for this status. Each action refreshes the order and the list.
 */
export function OrderFulfilment({ order }: { order: OrderFulfilmentFragment }) {
  const [notice, setNotice] = useState<string | null>(null);
  // Money stays with the owners: a studio member sees the state, not the refund or cancel buttons.
  const owner = useIsOwner();
  const shipped = Boolean(order.trackingNumber || order.shippedAt);
  // A printed book may go out before its video is made: the book is what the parent paid for.
  const canShip = (order.status === 'Completed' || order.status === 'Paid') && order.bookFormat === 'printed';
  const canCorrect = order.status === 'Shipped' && order.bookFormat === 'printed';
  const canRefund = owner && REFUNDABLE.has(order.status);
  const canCancel = owner && order.status === 'Pending';

  return (
    <div className="order-fulfilment">
      <PaymentAlerts order={order} onRefunded={setNotice} canRefund={owner} />
      <RefundProblems order={order} />
      {notice && (
        <p className="admin-alert admin-alert--success" role="status">
          {notice}
        </p>
      )}
      {shipped && (
        <DetailList
          items={[
            ['Carrier', order.shippingCarrier],
            ['Tracking number', <TrackingNumber shipment={order} />],
            ['Shipped', order.shippedAt ? <time dateTime={order.shippedAt}>{formatDateTime(order.shippedAt)}</time> : null],
          ]}
        />
      )}
      {order.status === 'Cancelled' && <p className="muted">This order was cancelled before it was paid.</p>}
      {order.status === 'Refunded' && <p className="muted">This order has been refunded in full.</p>}
      {canShip && <MarkShippedForm orderId={order.id} onShipped={setNotice} />}
      {canCorrect && (
        <details className="fulfilment-form__correct">
          <summary>Tracking wrong? Correct it</summary>
          <MarkShippedForm orderId={order.id} onShipped={setNotice} mode="correct" />
        </details>
      )}
      {(canRefund || canCancel) && (
        <div className="order-fulfilment__actions">
          {canRefund && <RefundOrderForm order={order} onRefunded={setNotice} />}
          {canCancel && <CancelOrderForm orderId={order.id} onCancelled={setNotice} />}
        </div>
      )}
    </div>
  );
}
