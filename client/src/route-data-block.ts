/**
 * The answer to a browser-rendered page's first query, put in the page by the server as it sent
 * the shell (`<script type="application/json" id="route-data">`, data only: nothing executes;
 * see prerender/client-route-queries.ts for which pages, and the server's
 * http/client-hosting.ts for the other half). Only what every page needs is here, in the first
 * load: where the answer is kept, and forgetting it; route-data.ts reads it, for the page it is
 * for.
 *
 * The answer belongs to the page as it was opened, and is used at most once: it is forgotten as
 * soon as a page has looked for another answer, once the page it answers has been shown, and as
 * soon as the visitor moves to another address before any page has used it
 * (`useForgetRouteDataOnMove`, in AppRoutes). Every later visit asks the server, so no page shows an answer older than the
 * address it was opened at.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

export const ROUTE_DATA_ELEMENT_ID = 'route-data';

/** What the server writes in the block. */
export interface RouteData {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** What the block held once read (the block itself is then removed from the page), until it is forgotten. */
export const routeDataHeld: { value: RouteData | null } = { value: null };

/** From now on every page asks the server. */
export function forgetRouteData(): void {
  routeDataHeld.value = null;
  if (typeof document !== 'undefined') document.getElementById(ROUTE_DATA_ELEMENT_ID)?.remove();
}

/**
 * Forgets the answer once the visitor moves to another address (another history entry), even
 * when the page it was for had not loaded yet: it is for the address the page was opened at.
 */
export function useForgetRouteDataOnMove(): void {
  const { key } = useLocation();
  const [openedKey] = useState(key);
  useEffect(() => {
    if (key !== openedKey) forgetRouteData();
  }, [key, openedKey]);
}
