import type { OrderDetailFragment } from '../../gql/graphql';
import { formatDateTime, isDelivered } from '../order-format';
import { NewTabLink } from '../shared/NewTabLink';
import { ChangeAnswerForm } from '../studio/ChangeAnswerForm';
import { VideoUploadButton } from '../upload/VideoUploadButton';
import './change-request.css';

/**
 * A delivered book in the order panel: its PDF, the parent's open request for a change (as they
 * typed it), and what answers it: a revision with a new video, PDF or both, or a reply or a
 * decline without one.
 */
export function DeliveredBook({ order }: { order: OrderDetailFragment }) {
  if (!isDelivered(order.status)) return null;
  const request = order.changeRequest;
  return (
    <div className="delivered-book">
      {order.pdfUrl && (
        <p className="delivered-book__pdf">
          <NewTabLink href={order.pdfUrl} className="button button--secondary button--small">
            View PDF
          </NewTabLink>
        </p>
      )}
      {request && (
        <div className="change-request" role="group" aria-label="The parent's change request">
          <p className="change-request__heading">
            Change requested <time dateTime={request.requestedAt}>{formatDateTime(request.requestedAt)}</time>
          </p>
          <blockquote className="change-request__message">{request.message}</blockquote>
          <ChangeAnswerForm orderId={order.id} />
        </div>
      )}
      <VideoUploadButton order={order} mode="revise" />
    </div>
  );
}
