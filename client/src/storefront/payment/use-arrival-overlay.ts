import { useEffect, useLayoutEffect, useState } from 'react';

import { takeRedirectFlag } from '../checkout-session';

/** Spec: the 'Loading Payment Options' overlay stays 1.5 s after the order form's redirect. */
export const ARRIVAL_OVERLAY_MS = 1500;

/**
 * True for 1.5 s when the parent arrives straight from the order form (the session's redirect
 * flag, cleared as it is read so a reload skips the overlay); false at once otherwise.
 */
export function useArrivalOverlay(): boolean {
  const [visible, setVisible] = useState(false);

  // Taken in an effect, not during render: a render React throws away and restarts (as it may
  // during a navigation) would otherwise consume the flag without ever showing the overlay.
  // A layout effect runs before the first paint, so the page never flashes without it.
  useLayoutEffect(() => {
    if (takeRedirectFlag()) setVisible(true);
  }, []);

  useEffect(() => {
    if (!visible) return undefined;
    const timer = window.setTimeout(() => setVisible(false), ARRIVAL_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return visible;
}
