import { useEffect } from 'react';

/**
 * Put after the last lazily loaded part of a page, inside its Suspense boundary: once the
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
