import type { OrderStatus } from '../../gql/graphql';

/** The spec's three first, then the statuses after delivery and the closed ones. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded'];

/** What the list is narrowed to; kept in the URL (?status=Paid&q=mia) so a reload keeps it. */
export interface OrderFilter {
  status: OrderStatus | null;
  search: string;
}

export function readOrderFilter(params: URLSearchParams): OrderFilter {
  const status = params.get('status');
  return {
    status: ORDER_STATUSES.find((s) => s === status) ?? null,
    search: (params.get('q') ?? '').trim(),
  };
}

export function writeOrderFilter(filter: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  return params;
}
