/**
 * The query a page only the browser renders asks first, by route: the server runs it while it
 * serves the shell and puts the answer in the page (route-data.ts), so the page renders from it
 * as soon as its code runs instead of asking then and waiting a round trip. The build prints each
 * query as the browser would send it (with `__typename`) into routes.json; a variable written
 * `:name` takes the route's path parameter of that name.
 */
import type { DocumentNode } from 'graphql';

import { ORDER_PAGE_QUERY } from '../storefront/order/order-page-operations';

export interface ClientRouteQuery {
  document: DocumentNode;
  variables: Record<string, string>;
}

const ORDER_PAGE: ClientRouteQuery = { document: ORDER_PAGE_QUERY, variables: { token: ':token' } };

export const CLIENT_ROUTE_QUERIES: Record<string, ClientRouteQuery> = {
  '/order/:token': ORDER_PAGE,
  '/video/:token': ORDER_PAGE,
};
