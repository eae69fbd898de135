import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The spec's delay before scrolling: the home page renders first. */
export const SCROLL_DELAY_MS = 100;

/** How many times (SCROLL_DELAY_MS apart) to look for a section that has not rendered yet. */
const MAX_TRIES = 50;

/**
 * After the page has rendered, scrolls smoothly to the element with id `sectionId`.
 * Runs again on every navigation (location.key), so following the same link twice
 * scrolls twice.
 */
export function useScrollToSection(sectionId: string | undefined): void {
  const { key } = useLocation();

  useEffect(() => {
    if (!sectionId) return;
    let timer = 0;
    let tries = 0;
    const scroll = () => {
      const section = document.getElementById(sectionId);
      // The sections below the hero come in their own chunk: wait for it (a few seconds at most).
      if (!section) {
        if (++tries < MAX_TRIES) timer = window.setTimeout(scroll, SCROLL_DELAY_MS);
        return;
      }
      // Smooth, unless the visitor has asked for less motion.
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    };
    timer = window.setTimeout(scroll, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sectionId, key]);
}
