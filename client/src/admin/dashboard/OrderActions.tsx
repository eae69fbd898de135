import type { OrderRowFragment } from '../../gql/graphql';
import { isDelivered, shortOrderId } from '../order-format';
import { NewTabLink } from '../shared/NewTabLink';
import { VideoUploadButton } from '../upload/VideoUploadButton';
import { ChangeRequestMarker } from './ChangeRequestMarker';

/**
 * Per row (spec): Upload Video only for Paid orders, View Video only for delivered (Completed or
 * Shipped) orders with a video, View Photo whenever there is a photo; and Details, which opens the side panel.
 */
export function OrderActions({ order, onDetails }: { order: OrderRowFragment; onDetails(trigger: HTMLElement): void }) {
  const forOrder = <span className="visually-hidden"> for order {shortOrderId(order.id)}</span>;
  return (
    <div className="order-actions">
      {order.changeRequest && <ChangeRequestMarker requestedAt={order.changeRequest.requestedAt} />}
      {order.status === 'Paid' && <VideoUploadButton order={order} />}
      {isDelivered(order.status) && order.videoUrl && (
        <NewTabLink href={order.videoUrl} className="button button--secondary button--small">
          View Video{forOrder}
        </NewTabLink>
      )}
      {order.photoUrl && (
        <NewTabLink href={order.photoUrl} className="button button--secondary button--small">
          View Photo{forOrder}
        </NewTabLink>
      )}
      <button
        type="button"
        className="button button--ghost button--small"
        aria-haspopup="dialog"
        onClick={(event) => onDetails(event.currentTarget)}
      >
        Details{forOrder}
      </button>
    </div>
  );
}
