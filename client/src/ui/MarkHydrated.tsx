import { useEffect } from 'react';

import { afterLazyParts } from './lazy-component';

/**
 * Rendered after a lazy page (routes.tsx, AfterLoad) or beside a page's last lazy part: once the
 * page the browser opened on has hydrated and answers input, `<html data-hydrated>` says so. The
 * frame alone is not enough, nor is this component's own render: hydrating, a lazy part's
 * prerendered markup stays inert until its chunk arrives and it has rendered, which the renderer
 * does after the parts around it (see afterLazyParts).
 */
export function MarkHydrated() {
  useEffect(
    () =>
      afterLazyParts(() => {
        document.documentElement.dataset.hydrated = 'true';
      }),
    [],
  );
  return null;
}
