/**
 * The query a page only the browser renders asks first, by route: the server runs it while it
 * serves the shell and puts the answer in the page (route-data-block.ts), so the page renders
 * from it as soon as its code runs instead of asking then and waiting a round trip. The build
 * prints each query as the browser would send it (with `__typename`) into routes.json; a
 * variable written `:name` takes the route's path parameter of that name.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, OperationTypeNode, print, type DocumentNode } from 'graphql';

import { operationNameOf } from '../route-data';
import { ORDER_PAGE_QUERY } from '../storefront/order/order-page-operations';

export interface ClientRouteQuery {
  document: DocumentNode;
  variables: Record<string, string>;
}

/** A route's query as routes.json gives it to the server (the server's `RouteQuery`). */
export interface PrintedRouteQuery {
  operationName: string;
  query: string;
  variables: Record<string, string>;
}

const ORDER_PAGE: ClientRouteQuery = { document: ORDER_PAGE_QUERY, variables: { token: ':token' } };

export const CLIENT_ROUTE_QUERIES: Record<string, ClientRouteQuery> = {
  '/order/:token': ORDER_PAGE,
  '/video/:token': ORDER_PAGE,
};

/** Whether the document's one operation is a query (not a mutation or a subscription). */
function isQuery(document: DocumentNode): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.length === 1 && operations[0].operation === OperationTypeNode.QUERY;
}

/**
 * Each route's first query as routes.json gives it to the server: the text the browser's Apollo
 * client would send (every selection with `__typename`, which its cache needs), the operation's
 * name, and the variables. Throws, failing the build, for anything the server must not run for
 * whoever opens an address: an operation that is not a query, or a variable no path names.
 */
export function routeQueries(
  queries: Record<string, ClientRouteQuery> = CLIENT_ROUTE_QUERIES,
): Record<string, PrintedRouteQuery> {
  return Object.fromEntries(
    Object.entries(queries).map(([route, { document, variables }]) => {
      const operationName = operationNameOf(document);
      if (!operationName) throw new Error(`client-route-queries.ts: the query for ${route} has no operation name`);
      // The server runs it for anyone who opens the address: it may read, never change anything.
      if (!isQuery(document)) throw new Error(`client-route-queries.ts: ${operationName} (${route}) is not a query`);
      for (const value of Object.values(variables)) {
        const param = value.slice(1);
        if (!value.startsWith(':') || !route.split('/').includes(`:${param}`)) {
          throw new Error(`client-route-queries.ts: ${route} has no path parameter ${value}`);
        }
      }
      return [route, { operationName, query: print(addTypenameToDocument(document)), variables }];
    }),
  );
}
