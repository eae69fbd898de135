import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

import { savedScrollPosition } from './use-scroll-restoration';

/**
 * Rendered by a lazy page after itself (routes.tsx, AfterLoad): it runs once the page itself has
 * rendered. The frame (use-scroll-restoration.ts) restores a position as soon as it renders, which on
 * a reload or on Back from another site is while the page's code is still loading: the
 * position is cut short by the spinner, and the browser then keeps the footer in view as the
 * page appears above it. This restores the saved position again once there is a page to
 * scroll, only when the entry was returned to (Back, Forward, reload).
 */
export function RestoreScrollOnLoad() {
  useRestoreSavedScroll(true);
  return null;
}

/**
 * The same for a page whose content arrives later still (e.g. a form filled from a saved
 * draft): restores the saved position once `ready` turns true.
 */
export function useRestoreSavedScroll(ready: boolean): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if (!ready || navigationType !== 'POP') return;
    const position = savedScrollPosition(key);
    if (position !== undefined && Math.abs(window.scrollY - position) > 1) window.scrollTo(0, position);
  }, [ready, key, navigationType]);
}
