import type { OrderDetailFragment } from '../../gql/graphql';
import { isDelivered } from '../order-format';
import { NewTabLink } from '../shared/NewTabLink';
import { useVideoUploads } from '../upload/video-uploads-context';
import { VideoUploadButton } from '../upload/VideoUploadButton';
import { ResendDeliveryButton } from './ResendDeliveryButton';

/** What the admin can do next with the order: upload its video (Paid), or see and resend it once delivered (Completed or Shipped). */
export function OrderDelivery({ order }: { order: OrderDetailFragment }) {
  const upload = useVideoUploads().stateOf(order.id);
  const outcome = upload && upload.phase !== 'uploading' ? upload : null;

  return (
    <div className="order-delivery">
      {order.status === 'Pending' && (
        <p className="muted">Waiting for payment: a video can be uploaded once the order is paid.</p>
      )}
      {order.status === 'Paid' && (
        <>
          <p className="muted">
            Upload the finished video (MP4, MOV or WebM) and the storybook PDF (required for a digital book): the order becomes
            Completed and the parent is e-mailed a link.
          </p>
          <VideoUploadButton order={order} />
        </>
      )}
      {outcome && (
        <p
          className={`admin-alert ${outcome.phase === 'succeeded' ? 'admin-alert--success' : 'admin-alert--error'}`}
          role={outcome.phase === 'succeeded' ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      )}
      {isDelivered(order.status) && (
        <div className="order-delivery__done">
          {order.videoUrl ? (
            <NewTabLink href={order.videoUrl} className="button button--secondary button--small">
              View Video
            </NewTabLink>
          ) : (
            <p className="muted">No video is stored for this order.</p>
          )}
          <ResendDeliveryButton orderId={order.id} />
        </div>
      )}
    </div>
  );
}
