import { StrictMode } from 'react';
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

/**
 * The shell's page, rendered over its placeholder once every lazy page the address shows is in:
 * for an admin page, the admin frame and the page inside it, so that the page renders with its
 * frame (see loadRoutePages). Code that failed shows the error page; code that is slow to come,
 * the site's frame and the page's spinner. Rendered sooner, the page would first flash its own
 * spinner over the placeholder.
 */
async function renderShell(root: HTMLElement) {
  await Promise.race([
    loadRoutePages(window.location.pathname).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS)),
  ]);
  createRoot(root).render(app);
}

// A public page arrives prerendered (client/scripts/prerender.mjs): take over its markup, which the
// same renderer wrote (see vite.config.ts); its loader has fetched its code already. The other
// routes (payment, the parent's order page, admin) arrive as the shell, whose placeholder is on
// screen from its HTML.
const shell = !container.hasChildNodes() || container.firstElementChild?.hasAttribute(SHELL_PLACEHOLDER_ATTRIBUTE);
if (shell) void renderShell(container);
else {
  // In a task of its own, after the one that ran the page's code: the renderer hydrates the page in
  // one go, and two shorter tasks let a tap in between be answered sooner than one long one. The
  // page's links work meanwhile, as they did while its code loaded.
  setTimeout(() => hydrateRoot(container, app), 0);
}
