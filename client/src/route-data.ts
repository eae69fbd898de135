/**
 * The answer to a browser-rendered page's first query, put in the page by the server as it sent
 * the shell (`<script type="application/json" id="route-data">`, data only: nothing executes).
 * The page writes it into the Apollo cache and renders from it on its first render, without
 * asking the server again (see prerender/client-route-queries.ts for which pages, and the
 * server's http/client-hosting.ts for the other half).
 *
 * It answers one query with one set of variables, once: after the page has used it (or another
 * page has been opened), every later visit asks the server as before.
 */
import { useApolloClient } from '@apollo/client/react';
import type { DocumentNode, TypedDocumentNode } from '@apollo/client';
import { useEffect, useState } from 'react';

export const ROUTE_DATA_ELEMENT_ID = 'route-data';

/** What the server writes in the block. */
interface RouteData {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** What the block held, once read (the block itself is then removed) and until it is used. */
let taken: RouteData | null = null;

function read(): RouteData | null {
  if (taken || typeof document === 'undefined') return taken;
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as Partial<RouteData> | null;
    if (parsed && typeof parsed.operationName === 'string' && parsed.data && typeof parsed.data === 'object') {
      taken = { operationName: parsed.operationName, variables: parsed.variables ?? {}, data: parsed.data };
    }
  } catch {
    taken = null;
  }
  return taken;
}

const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The data the page came with for `operationName` with exactly `variables`; null when it came with none, or has used it. */
function routeDataFor(operationName: string, variables: Record<string, unknown>): Record<string, unknown> | null {
  const found = read();
  return found && found.operationName === operationName && sameVariables(found.variables, variables) ? found.data : null;
}

/** Used once: from now on the page asks the server. */
export function forgetRouteData(): void {
  taken = null;
}

/** The name of the document's operation (its first), or null when it has none. */
export function operationNameOf(document: DocumentNode): string | null {
  // Only an operation has `operation` (query, mutation, subscription); a fragment does not.
  for (const definition of document.definitions) {
    if ('operation' in definition) return definition.name?.value ?? null;
  }
  return null;
}

/**
 * Writes the data the page came with for `query` (with these variables) into the Apollo cache on
 * the first render, and answers whether the query may be read from the cache now: true while the
 * variables are still those it was written for, false before anything was written and from the
 * first change of variables on (the page then asks the server for each, as it did without).
 */
export function useRouteData<TData, TVariables extends Record<string, unknown>>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): boolean {
  const client = useApolloClient();
  const [written] = useState(() => {
    const name = operationNameOf(query);
    const data = name ? routeDataFor(name, variables) : null;
    if (!data) return null;
    client.writeQuery({ query, variables, data: data as TData });
    return variables;
  });
  const [moved, setMoved] = useState(false);
  const fromPage = written !== null && !moved && sameVariables(written, variables);
  if (written !== null && !moved && !fromPage) setMoved(true);
  useEffect(() => {
    if (written) forgetRouteData();
  }, [written]);
  return fromPage;
}
