import { NetworkStatus } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';

import type { AdminOrdersQueryVariables } from '../../gql/graphql';
import { useExpireOnUnauthenticated } from '../session/use-expire-on-unauthenticated';
import { LIST_MESSAGES } from './dashboard-messages';
import type { OrderFilter } from './order-filter';
import { ORDERS_QUERY } from './orders-operations';

export const PAGE_SIZE = 20;

/** The query's variables, with only what is set: the same filter always asks the same question. */
export function ordersVariables(filter: OrderFilter, after: string | null = null): AdminOrdersQueryVariables {
  return {
    first: PAGE_SIZE,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.search ? { search: filter.search } : {}),
    ...(after ? { after } : {}),
  };
}

/**
 * One page of the orders table. Cursor pagination: "Next" pushes the page's end cursor on a
 * stack, "Previous" pops it; a new filter starts again from the first page.
 */
export function useOrdersList(filter: OrderFilter) {
  const filterKey = `${filter.status ?? ''}|${filter.search}`;
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = pages.key === filterKey ? pages.cursors : [];
  const after = cursors.at(-1) ?? null;

  const { data, previousData, loading, networkStatus, error, refetch } = useQuery(ORDERS_QUERY, {
    variables: ordersVariables(filter, after),
    notifyOnNetworkStatusChange: true,
  });
  const expired = useExpireOnUnauthenticated(error);

  let message: string | null = null;
  if (error && !expired) message = CombinedGraphQLErrors.is(error) ? LIST_MESSAGES.failed : LIST_MESSAGES.error;

  // While another filter or page loads, the rows it replaces stay (the list says it is busy):
  // the table does not collapse to a line of text and grow again a moment later.
  const connection = (data ?? (loading ? previousData : undefined))?.orders;
  // The same array while the answer is the same: the table need not render again.
  const orders = useMemo(() => connection?.edges.map((edge) => edge.node) ?? null, [connection]);
  return {
    orders,
    /** How many orders the filter matches: `exact` false means more than `count`. */
    total: connection?.total ?? null,
    loading,
    /** Asked again by `refresh` (not another filter or page), and not answered yet. */
    refreshing: networkStatus === NetworkStatus.refetch,
    message,
    page: cursors.length + 1,
    hasPrevious: cursors.length > 0,
    hasNext: Boolean(connection?.pageInfo.hasNextPage && connection.pageInfo.endCursor),
    next() {
      const end = connection?.pageInfo.endCursor;
      if (end) setPages({ key: filterKey, cursors: [...cursors, end] });
    },
    previous() {
      setPages({ key: filterKey, cursors: cursors.slice(0, -1) });
    },
    /** Asks the server again (never the cache). Failures show as the list's message. */
    refresh() {
      return refetch().catch(() => undefined);
    },
  };
}
