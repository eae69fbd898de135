import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../ui/PageTitle';
import { OrderDetailPanel } from '../detail/OrderDetailPanel';
import { NeedsActionSummary } from '../queue/NeedsActionSummary';
import { RequireAdmin } from '../session/RequireAdmin';
import { UploadNotice } from '../upload/UploadNotice';
import { VideoUploadsProvider } from '../upload/VideoUploadsProvider';
import { DashboardHeader } from './DashboardHeader';
import { LIST_MESSAGES, ordersCountText } from './dashboard-messages';
import { OrderFilters } from './OrderFilters';
import { OrdersPagination } from './OrdersPagination';
import { OrdersTable } from './OrdersTable';
import { useOrderFilter } from './use-order-filter';
import { useOrdersList } from './use-orders-list';

/** /admin/dashboard: only for a signed-in admin; anyone else is sent to /admin. */
export function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <OrdersDashboard />
    </RequireAdmin>
  );
}

function OrdersDashboard() {
  const [params, setParams] = useSearchParams();
  const [filter, changeFilter] = useOrderFilter();
  const list = useOrdersList(filter);
  // ?order={id} (the link in a staff e-mail) opens that order's panel.
  const linkedOrder = params.get('order');
  const [detail, setDetail] = useState<{ orderId: string; trigger: HTMLElement | null } | null>(
    linkedOrder ? { orderId: linkedOrder, trigger: null } : null,
  );
  const openDetail = useCallback((orderId: string, trigger: HTMLElement) => setDetail({ orderId, trigger }), []);
  const closeDetail = () => {
    setDetail(null);
    if (params.has('order')) {
      const next = new URLSearchParams(params);
      next.delete('order');
      setParams(next, { replace: true });
    }
  };

  return (
    <VideoUploadsProvider onUploaded={() => void list.refresh()}>
      <PageTitle>Admin Dashboard</PageTitle>
      {/* While the panel is open nothing behind it can be focused or clicked. */}
      <div className="admin-dashboard" inert={detail !== null}>
        <DashboardHeader />
        <main className="admin-dashboard__main" id="admin-main">
          <div className="admin-dashboard__heading">
            <h1 className="admin-dashboard__title">Orders</h1>
            {list.total !== null && <p className="admin-dashboard__count">{ordersCountText(list.total)}</p>}
          </div>
          <NeedsActionSummary />
          <OrderFilters
            filter={filter}
            onChange={changeFilter}
            onRefresh={() => void list.refresh()}
            refreshing={list.refreshing}
          />
          <UploadNotice />
          {list.message && (
            <p className="admin-alert admin-alert--error" role="alert">
              {list.message}
            </p>
          )}
          <div className="admin-dashboard__list" aria-busy={list.loading}>
            {list.orders === null && list.loading && (
              <p className="admin-dashboard__state" role="status">
                {LIST_MESSAGES.loading}
              </p>
            )}
            {list.orders?.length === 0 && (
              <p className="admin-dashboard__state" role="status">
                {LIST_MESSAGES.empty}
              </p>
            )}
            {list.orders && list.orders.length > 0 && <OrdersTable orders={list.orders} onDetails={openDetail} />}
          </div>
          <OrdersPagination
            page={list.page}
            hasPrevious={list.hasPrevious}
            hasNext={list.hasNext}
            onPrevious={list.previous}
            onNext={list.next}
          />
        </main>
      </div>
      {detail && <OrderDetailPanel orderId={detail.orderId} returnFocusTo={detail.trigger} onClose={closeDetail} />}
    </VideoUploadsProvider>
  );
}
