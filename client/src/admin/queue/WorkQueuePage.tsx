import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { WorkReason } from '../../gql/graphql';
import { PageTitle } from '../../ui/PageTitle';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { OrderDetailPanel } from '../detail/OrderDetailPanel';
import { childNameLabel, formatDateTime, formatLabel, shortOrderId } from '../order-format';
import { RequireAdmin } from '../session/RequireAdmin';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { UploadNotice } from '../upload/UploadNotice';
import { VideoUploadsProvider } from '../upload/VideoUploadsProvider';
import { WORK_QUEUE_QUERY } from './queue-operations';
import { dueIn, isReason, QUEUE_MESSAGES, REASON_LABELS, REASONS } from './queue-words';
import './queue.css';

const PAGE_SIZE = 20;

/** /admin/queue: what the staff have to do, soonest due first; overdue work stands out. */
export function WorkQueuePage() {
  return (
    <RequireAdmin>
      <WorkQueue />
    </RequireAdmin>
  );
}

function WorkQueue() {
  const [params, setParams] = useSearchParams();
  const reasonParam = params.get('reason');
  const reason: WorkReason | null = isReason(reasonParam) ? reasonParam : null;
  const mine = params.get('mine') === '1';
  // The box shows the click at once; the address (a navigation, which may be deferred) follows.
  const [mineShown, setMineShown] = useState(mine);
  useEffect(() => setMineShown(mine), [mine]);
  // The cursors of the pages before this one: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
  const { data, error, loading, refetch } = useQuery(WORK_QUEUE_QUERY, {
    variables: { reason, assignedToMe: mine, first: PAGE_SIZE, after },
    fetchPolicy: 'cache-and-network',
  });
  const expired = useExpireOnUnauthenticated(error);
  const [detail, setDetail] = useState<{ orderId: string; trigger: HTMLElement | null } | null>(null);

  function show(next: { reason?: WorkReason | null; mine?: boolean }) {
    const query = new URLSearchParams(params);
    const nextReason = next.reason === undefined ? reason : next.reason;
    const nextMine = next.mine === undefined ? mine : next.mine;
    if (nextReason) query.set('reason', nextReason);
    else query.delete('reason');
    if (nextMine) query.set('mine', '1');
    else query.delete('mine');
    setCursors([]);
    setParams(query, { replace: true });
  }

  const queue = data?.workQueue;
  const total = queue?.counts.reduce((sum, c) => sum + c.count, 0) ?? null;
  const overdueTotal = queue?.counts.reduce((sum, c) => sum + c.overdue, 0) ?? 0;
  if (expired) return null;
  return (
    <VideoUploadsProvider onUploaded={() => void refetch()}>
      <PageTitle>Needs action</PageTitle>
      <div className="admin-dashboard" inert={detail !== null}>
        <DashboardHeader />
        <main className="admin-dashboard__main work-queue" id="admin-main">
          <div className="admin-dashboard__heading">
            <h1 className="admin-dashboard__title">Needs action</h1>
            {total !== null && (
              <p className="admin-dashboard__count">
                {total} {total === 1 ? 'item' : 'items'}
                {overdueTotal > 0 && <span className="work-queue__overdue-count"> · {overdueTotal} overdue</span>}
              </p>
            )}
          </div>
          <div className="work-queue__filters">
            <div className="work-queue__reasons" role="group" aria-label="What needs doing">
              <button
                type="button"
                className="work-queue__reason"
                aria-pressed={reason === null}
                onClick={() => show({ reason: null })}
              >
                All{total !== null ? ` (${total})` : ''}
              </button>
              {REASONS.map((value) => {
                const count = queue?.counts.find((c) => c.reason === value);
                return (
                  <button
                    key={value}
                    type="button"
                    className={`work-queue__reason${count?.overdue ? ' work-queue__reason--overdue' : ''}`}
                    aria-pressed={reason === value}
                    onClick={() => show({ reason: value })}
                  >
                    {REASON_LABELS[value]}
                    {count ? ` (${count.count}${count.overdue ? `, ${count.overdue} overdue` : ''})` : ''}
                  </button>
                );
              })}
            </div>
            <label className="work-queue__mine">
              <input
                type="checkbox"
                checked={mineShown}
                onChange={(event) => {
                  setMineShown(event.target.checked);
                  show({ mine: event.target.checked });
                }}
              />
              Only orders assigned to me
            </label>
            <Link className="button button--secondary button--small" to="/admin/dashboard">
              All orders
            </Link>
          </div>
          <UploadNotice />
          {error && !data && (
            <p className="admin-alert admin-alert--error" role="alert">
              {QUEUE_MESSAGES.loadFailed}
            </p>
          )}
          {!queue && loading && (
            <p className="admin-dashboard__state" role="status">
              {QUEUE_MESSAGES.loading}
            </p>
          )}
          {queue && queue.items.length === 0 && (
            <p className="admin-dashboard__state" role="status">
              {mine ? QUEUE_MESSAGES.emptyMine : QUEUE_MESSAGES.empty}
            </p>
          )}
          {queue && queue.items.length > 0 && (
            <ol className="work-queue__items" aria-label="Work, soonest due first" aria-busy={loading}>
              {queue.items.map((item) => (
                <li
                  key={item.cursor}
                  className={`work-item${item.overdue ? ' work-item--overdue' : ''}`}
                  aria-label={`${childNameLabel(item.order.childName)}: ${REASON_LABELS[item.reason]}`}
                >
                  <div className="work-item__main">
                    <p className="work-item__reason">
                      {item.overdue && <span className="work-item__flag">Overdue</span>}
                      {REASON_LABELS[item.reason]}
                    </p>
                    <p className="work-item__order">
                      <strong>{childNameLabel(item.order.childName)}</strong> · {formatLabel(item.order.bookFormat)} ·{' '}
                      <span title={item.order.id}>{shortOrderId(item.order.id)}</span>
                    </p>
                    <p className="work-item__meta">
                      <time dateTime={item.dueAt} title={formatDateTime(item.dueAt)}>
                        {dueIn(item.dueAt)}
                      </time>{' '}
                      · {item.assignee ? `with ${item.assignee.email}` : 'nobody has it yet'}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={(event) => setDetail({ orderId: item.order.id, trigger: event.currentTarget })}
                  >
                    Open<span className="visually-hidden"> {childNameLabel(item.order.childName)}'s order</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {(cursors.length > 0 || queue?.pageInfo.hasNextPage) && (
            <nav className="orders-pagination" aria-label="Queue pages">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={cursors.length === 0}
                onClick={() => cursors.length > 0 && setCursors(cursors.slice(0, -1))}
              >
                Previous
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={!queue?.pageInfo.hasNextPage}
                onClick={() => {
                  const end = queue?.pageInfo.endCursor;
                  if (queue?.pageInfo.hasNextPage && end) setCursors([...cursors, end]);
                }}
              >
                Next
              </button>
            </nav>
          )}
        </main>
      </div>
      {detail && (
        <OrderDetailPanel
          orderId={detail.orderId}
          returnFocusTo={detail.trigger}
          onClose={() => {
            setDetail(null);
            void refetch();
          }}
        />
      )}
    </VideoUploadsProvider>
  );
}
