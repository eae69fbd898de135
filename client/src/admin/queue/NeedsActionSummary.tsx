import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';

import { WORK_COUNTS_QUERY } from './queue-operations';
import { REASON_LABELS } from './queue-words';
import './queue.css';

/** The dashboard's first line: how much waits in the studio's queue, how much of it is overdue, and the way there. */
export function NeedsActionSummary() {
  const { data } = useQuery(WORK_COUNTS_QUERY, { fetchPolicy: 'cache-and-network' });
  const counts = data?.workQueue.counts;
  // Until the counts arrive, a line holds the summary's place: the filters and orders below it
  // do not move down when it fills in.
  if (!counts) {
    return (
      <section className="needs-action" aria-label="Needs action" aria-busy="true">
        <p className="needs-action__line">Checking what needs action…</p>
        <OpenQueueLink />
      </section>
    );
  }
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const overdue = counts.reduce((sum, c) => sum + c.overdue, 0);
  const waiting = counts.filter((c) => c.count > 0);
  return (
    <section className={`needs-action${overdue > 0 ? ' needs-action--overdue' : ''}`} aria-label="Needs action">
      <p className="needs-action__line">
        <strong>
          {total === 0 ? 'Nothing needs action.' : `${total} ${total === 1 ? 'order needs' : 'orders need'} action`}
        </strong>
        {overdue > 0 && <span className="needs-action__overdue">, {overdue} overdue</span>}
        {waiting.length > 0 && (
          <span className="needs-action__detail">
            {' '}
            ({waiting.map((c) => `${REASON_LABELS[c.reason].toLowerCase()}: ${c.count}`).join(', ')})
          </span>
        )}
      </p>
      <OpenQueueLink />
    </section>
  );
}

function OpenQueueLink() {
  return (
    <Link className="button button--primary button--small" to="/admin/queue">
      Open the queue
    </Link>
  );
}
