import type { OrderDetailFragment } from '../../gql/graphql';
import { formatDateTime } from '../order-format';

/** The order's trail, oldest first: what happened, the status change, who did it, when. */
export function OrderHistory({ events }: { events: OrderDetailFragment['events'] }) {
  if (events.length === 0) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <ol className="order-history">
      {events.map((event) => (
        <li key={event.id} className="order-history__item">
          <span className="order-history__type">{event.type}</span>
          {(event.fromStatus || event.toStatus) && (
            <span className="order-history__change">
              {event.fromStatus ?? '—'} → {event.toStatus ?? '—'}
            </span>
          )}
          <span className="order-history__meta">
            by {event.actor} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
