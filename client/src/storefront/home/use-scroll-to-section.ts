import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The spec's delay before scrolling: the home page renders first. */
export const SCROLL_DELAY_MS = 100;

/**
 * After the page has rendered, scrolls smoothly to the element with id `sectionId`.
 * Runs again on every navigation (location.key), so following the same link twice
 * scrolls twice.
 */
export function useScrollToSection(sectionId: string | undefined): void {
  const { key } = useLocation();

  useEffect(() => {
    if (!sectionId) return;
    const timer = window.setTimeout(() => {
      // Smooth, unless the visitor has asked for less motion.
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      document.getElementById(sectionId)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sectionId, key]);
}
