import type { OrderRowFragment } from '../../gql/graphql';
import { ShipmentSummary } from './ShipmentDetails';
import './fulfilment.css';

/** Under a row's status: a "Needs attention" marker for an extra charge to refund, and the shipment. */
export function OrderRowFulfilment({ order }: { order: OrderRowFragment }) {
  return (
    <>
      {order.paymentAlerts.length > 0 && (
        <span className="needs-attention" title="An extra charge was taken: open Details to refund it">
          Needs attention
        </span>
      )}
      <ShipmentSummary shipment={order} />
    </>
  );
}
