import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { keyCurrentHistoryEntry } from './history-entry-key';
import { AppRoutes } from './routes';
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

// A public page arrives prerendered (client/scripts/prerender.mjs): take over its markup, as a
// transition so hydration yields to the browser in small slices instead of one long task. The
// other routes (payment, video links, admin) arrive as the empty shell and render here.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
