import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { keyCurrentHistoryEntry } from './history-entry-key';
import { AppRoutes, loadRoutePages } from './routes';
import { SHELL_PLACEHOLDER_ATTRIBUTE } from './ui/ShellPlaceholder';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the router reads the entry: a page opened afresh must not inherit another's scroll.
keyCurrentHistoryEntry();

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

/** How long the shell's placeholder waits for the page's code before the app renders without it. */
const PAGE_CODE_WAIT_MS = 3000;

// Every lazy page the address shows, asked for at once: for an admin page, the admin frame and
// the page inside it, so that the page renders with its frame (see loadRoutePages). Code that
// failed shows the error page; code that is slow to come, the site's frame and the page's spinner.
const pages = Promise.race([
  loadRoutePages(window.location.pathname).catch(() => undefined),
  new Promise<void>((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS)),
]);

// A public page arrives prerendered (client/scripts/prerender.mjs): take over its markup, as a
// transition so hydration yields to the browser in small slices instead of one long task. The
// other routes (payment, the parent's order page, admin) arrive as the shell, whose placeholder is
// on screen from its HTML: the app renders the page over it once the page's code is in, also in
// slices. Rendered sooner, the page would stand behind React's own spinner for at least 300 ms.
const shell = !container.hasChildNodes() || container.firstElementChild?.hasAttribute(SHELL_PLACEHOLDER_ATTRIBUTE);
if (!shell) startTransition(() => void hydrateRoot(container, app));
else {
  void pages.then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}
