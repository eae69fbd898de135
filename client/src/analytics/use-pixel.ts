import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { useApolloClientLater } from '../apollo-later';
import { siteData } from '../site-data';
import { type ConsentChoice, onConsentChange, readConsent } from './consent';
import { isPixelActive, startPixel, trackPageView } from './pixel';
import { isPrivatePath } from './private-paths';

export interface PixelState {
  /** The configured pixel id; null when none (then nothing is asked and nothing loads). */
  pixelId: string | null;
  choice: ConsentChoice | null;
}

/** The pixel id the server wrote into the page; undefined on a page without site data. */
function pixelIdFromPage(): string | null | undefined {
  const data = siteData();
  return data ? data.pixelId?.trim() || null : undefined;
}

/**
 * Starts the pixel once the shop has one and the visitor accepted, and counts the pages of
 * the single-page app as they are shown. The id comes with the page when the server served it;
 * otherwise from the shopConfig query. Either way it is taken after the first render, so what
 * hydrates matches the prerendered page. A failed query reads as "no pixel".
 */
export function usePixel(): PixelState {
  const [pixelId, setPixelId] = useState<string | null>(null);
  const getClient = useApolloClientLater();

  useEffect(() => {
    const fromPage = pixelIdFromPage();
    if (fromPage !== undefined) {
      setPixelId(fromPage);
      return;
    }
    let cancelled = false;
    Promise.all([getClient(), import('./shop-config-query')])
      .then(([client, { SHOP_PIXEL_QUERY }]) => client.query({ query: SHOP_PIXEL_QUERY }))
      .then(({ data }) => {
        if (!cancelled) setPixelId(data?.shopConfig.pixelId?.trim() || null);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [getClient]);
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
