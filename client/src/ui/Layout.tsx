import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';

import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageMeta } from './PageMeta';
import { useScrollRestoration } from './use-scroll-restoration';

// The cookie banner and the pixel behind it come after the first paint, in their own chunk.
const ConsentBanner = lazy(() => import('./ConsentBanner').then((m) => ({ default: m.ConsentBanner })));

/** The storefront frame: a skip link, top navigation, the page, the footer. */
export function Layout() {
  useScrollRestoration();
  // Mounted once hydrated: it depends on this browser (consent stored, the page's pixel id).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);

  return (
    <div className="layout">
      <PageMeta />
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <NavBar />
      <main id="main-content" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {hydrated && (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
    </div>
  );
}
