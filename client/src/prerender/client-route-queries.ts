/**
 * The query a page only the browser renders asks first, by route: the server runs it while it
 * serves the shell and puts the answer in the page (route-data-block.ts), so the page renders
 * from it as soon as its code runs instead of asking then and waiting a round trip. The build
 * prints each query as the browser would send it (with `__typename`) into routes.json; a
 * variable written `:name` takes the route's path parameter of that name.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, OperationTypeNode, print, type DocumentNode, type SelectionSetNode } from 'graphql';

import { ME_QUERY } from '../admin/session/session-operations';
import { operationNameOf } from '../route-data';
import { ORDER_PAGE_QUERY } from '../storefront/order/order-page-operations';
import { PROOF_SHOWN_WHEN } from '../storefront/order/proof-shown';
import { CLIENT_ROUTE_CHUNKS } from './client-route-chunks';

/**
 * An image the page shows at once when the answer has it, for the server to have the browser fetch
 * with the page (the server's `RouteImage`): `url` is the dotted path of its address in the answer,
 * `when` the states in which the page shows it (any one; each path equal to its value).
 */
export interface ClientRouteImage {
  url: string;
  when?: Record<string, string | number | boolean | null>[];
}

export interface ClientRouteQuery {
  document: DocumentNode;
  variables: Record<string, string>;
  images?: ClientRouteImage[];
}

/** A route's query as routes.json gives it to the server (the server's `RouteQuery`). */
export interface PrintedRouteQuery {
  operationName: string;
  query: string;
  variables: Record<string, string>;
  images?: ClientRouteImage[];
}

/** `state`'s fields under `field` of the answer (`{ status: 'Paid' }` → `{ 'orderPage.status': 'Paid' }`). */
const under = (field: string, state: object) =>
  Object.fromEntries(Object.entries(state).map(([key, value]) => [`${field}.${key}`, value as string | number | boolean | null]));

const ORDER_PAGE: ClientRouteQuery = {
  document: ORDER_PAGE_QUERY,
  variables: { token: ':token' },
  // The proof's first page as the shop drew it: the largest thing on the page while it is shown.
  images: [{ url: 'orderPage.proof.firstPage.url', when: PROOF_SHOWN_WHEN.map((state) => under('orderPage', state)) }],
};

/**
 * Who is signed in to the admin portal (none: `me` is null), asked first by the session provider
 * every admin page sits in. Asked with the request's own session cookie, as the browser would.
 */
const ADMIN_SESSION: ClientRouteQuery = { document: ME_QUERY, variables: {} };

/** Every page of the admin portal: each route under /admin that the browser renders. */
const ADMIN_ROUTES = Object.keys(CLIENT_ROUTE_CHUNKS).filter((route) => route === '/admin' || route.startsWith('/admin/'));

export const CLIENT_ROUTE_QUERIES: Record<string, ClientRouteQuery> = {
  '/order/:token': ORDER_PAGE,
  '/video/:token': ORDER_PAGE,
  ...Object.fromEntries(ADMIN_ROUTES.map((route) => [route, ADMIN_SESSION])),
};

/** Whether the document's one operation is a query (not a mutation or a subscription). */
function isQuery(document: DocumentNode): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.length === 1 && operations[0].operation === OperationTypeNode.QUERY;
}

/** Whether the document's operation selects the dotted path (by the names the answer has), through its fragments. */
function selects(document: DocumentNode, dotted: string): boolean {
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition.selectionSet] as const] : [],
    ),
  );
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  // The first selection of a name decides (a query that selects one field twice, with different
  // fields each time, is refused: name the paths in its first selection).
  const find = (set: SelectionSetNode, key: string): SelectionSetNode | null | undefined => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD && (selection.alias ?? selection.name).value === key)
        return selection.selectionSet ?? null;
      const inner =
        selection.kind === Kind.FRAGMENT_SPREAD
          ? fragments.get(selection.name.value)
          : selection.kind === Kind.INLINE_FRAGMENT
            ? selection.selectionSet
            : undefined;
      const found = inner && find(inner, key);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  if (operation?.kind !== Kind.OPERATION_DEFINITION) return false;
  let set = operation.selectionSet;
  const keys = dotted.split('.');
  for (const [index, key] of keys.entries()) {
    const next = find(set, key);
    if (next === undefined) return false;
    // The last name must be a value (a leaf); every name before it must have fields of its own.
    if (index === keys.length - 1) return next === null;
    if (next === null) return false;
    set = next;
  }
  return false;
}

/**
 * Each route's first query as routes.json gives it to the server: the text the browser's Apollo
 * client would send (every selection with `__typename`, which its cache needs), the operation's
 * name, the variables, and the images the page shows first. Throws, failing the build, for
 * anything the server must not run for whoever opens an address (an operation that is not a
 * query, a variable no path names) and for an image or a state the query does not ask for.
 */
export function routeQueries(
  queries: Record<string, ClientRouteQuery> = CLIENT_ROUTE_QUERIES,
): Record<string, PrintedRouteQuery> {
  return Object.fromEntries(
    Object.entries(queries).map(([route, { document, variables, images }]) => {
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
      // The server reads the answer by these paths: each must be one the query asks for.
      for (const { url, when = [] } of images ?? []) {
        for (const path of [url, ...when.flatMap((state) => Object.keys(state))]) {
          if (!selects(document, path))
            throw new Error(`client-route-queries.ts: ${operationName} (${route}) does not ask for ${path}`);
        }
      }
      const printed = { operationName, query: print(addTypenameToDocument(document)), variables };
      return [route, images?.length ? { ...printed, images } : printed];
    }),
  );
}
