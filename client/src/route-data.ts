/**
 * Renders a browser-rendered page from the answer the server put in it (route-data-block.ts says
 * how long it is kept): read from the page once, and written into the Apollo cache on the page's
 * first render, so the page shows without asking the server again.
 */
import { useApolloClient } from '@apollo/client/react';
import type { DocumentNode, TypedDocumentNode } from '@apollo/client';
import { useEffect, useState } from 'react';

import { forgetRouteData, ROUTE_DATA_ELEMENT_ID, type RouteData, routeDataHeld } from './route-data-block';

function read(): RouteData | null {
  if (routeDataHeld.value || typeof document === 'undefined') return routeDataHeld.value;
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as Partial<RouteData> | null;
    if (parsed && typeof parsed.operationName === 'string' && parsed.data && typeof parsed.data === 'object') {
      routeDataHeld.value = { operationName: parsed.operationName, variables: parsed.variables ?? {}, data: parsed.data };
    }
  } catch {
    routeDataHeld.value = null;
  }
  return routeDataHeld.value;
}

const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * The data the page came with for `operationName` with exactly `variables`, or null. An answer
 * for another query or other variables is forgotten on the spot; the one asked for is kept until
 * the page that asked has shown it (`forgetRouteData`), since React may render a page more than
 * once before it shows it.
 */
export function routeDataFor(operationName: string, variables: Record<string, unknown>): Record<string, unknown> | null {
  const found = read();
  if (found && found.operationName === operationName && sameVariables(found.variables, variables)) return found.data;
  forgetRouteData();
  return null;
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
