import { useEffect } from 'react';

/**
 * Put beside the page a route renders (inside its Suspense boundary for a lazy page): once the
 * page the browser opened on has hydrated and answers input, `<html data-hydrated>` says so.
 * The frame alone is not enough: a lazy page's prerendered markup stays inert until its chunk
 * arrives, after the frame has hydrated.
 */
export function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
