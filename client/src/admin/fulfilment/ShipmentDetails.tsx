import { formatDateTime } from '../order-format';
import { NewTabLink } from '../shared/NewTabLink';

interface Shipment {
  shippingCarrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  shippedAt?: string | null;
}

/** The tracking number, linked to the carrier's tracking page when the shop knows it. */
export function TrackingNumber({ shipment }: { shipment: Shipment }) {
  if (!shipment.trackingNumber) return null;
  return shipment.trackingUrl ? (
    <NewTabLink href={shipment.trackingUrl} className="tracking-number">
      {shipment.trackingNumber}
    </NewTabLink>
  ) : (
    <span className="tracking-number">{shipment.trackingNumber}</span>
  );
}

/** Carrier, number and shipped date, on one short line: for the orders table. */
export function ShipmentSummary({ shipment }: { shipment: Shipment }) {
  if (!shipment.trackingNumber && !shipment.shippedAt) return null;
  return (
    <span className="shipment-summary">
      {shipment.shippingCarrier} <TrackingNumber shipment={shipment} />
      {shipment.shippedAt && (
        <>
          {' · '}
          <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
        </>
      )}
    </span>
  );
}
