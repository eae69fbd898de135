import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { type ConsentChoice, onConsentChange, readConsent } from './consent';
import { isPixelActive, startPixel, trackPageView } from './pixel';
import { isPrivatePath } from './private-paths';
import { SHOP_PIXEL_QUERY } from './shop-config-query';

export interface PixelState {
  /** The configured pixel id; null when none (then nothing is asked and nothing loads). */
  pixelId: string | null;
  choice: ConsentChoice | null;
}

/**
 * Starts the pixel once the shop has one and the visitor accepted, and counts the pages of
 * the single-page app as they are shown. A failed shopConfig query reads as "no pixel".
 */
export function usePixel(): PixelState {
  const { data } = useQuery(SHOP_PIXEL_QUERY);
  const pixelId = data?.shopConfig.pixelId?.trim() || null;
  const [choice, setChoice] = useState<ConsentChoice | null>(readConsent);
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => onConsentChange(setChoice), []);

  // Never on a private page: the pixel would send its address (a video link's token) to Meta.
  const privatePage = isPrivatePath(pathname);

  useEffect(() => {
    if (pixelId && choice === 'accepted' && !privatePage) startPixel(pixelId);
  }, [pixelId, choice, privatePage]);

  // startPixel counts the page it starts on; later pages are counted here.
  useEffect(() => {
    if (isPixelActive() && !privatePage && lastPath.current !== null && lastPath.current !== pathname) trackPageView();
    lastPath.current = pathname;
  }, [pathname, privatePage]);

  return { pixelId, choice };
}
