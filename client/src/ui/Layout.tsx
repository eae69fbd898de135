import { useEffect, useState, type ComponentType } from 'react';
import { Outlet } from 'react-router-dom';

import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageMeta } from './PageMeta';
import { useScrollRestoration } from './use-scroll-restoration';

/** The cookie banner and the pixel behind it, once loaded (see useConsentBanner). */
let ConsentBanner: ComponentType | null = null;

/**
 * Loads the cookie banner's chunk once the page is hydrated: it depends on this browser (consent
 * stored, the page's pixel id). By hand, not with lazy() and Suspense: the banner is no part of the
 * page, and a boundary suspended for it would show its fallback in every page rendered in the
 * browser. True once loaded.
 */
function useConsentBanner(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    import('./ConsentBanner').then(
      (m) => {
        ConsentBanner = m.ConsentBanner;
        setLoaded(true);
      },
      // Without its chunk (a deploy replaced it, the network dropped) the page goes on without
      // the banner, and so without the pixel, which waits for consent.
      () => undefined,
    );
  }, []);
  return loaded;
}

/** The storefront frame: a skip link, top navigation, the page, the footer. */
export function Layout() {
  useScrollRestoration();
  const bannerLoaded = useConsentBanner();

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
      {bannerLoaded && ConsentBanner && <ConsentBanner />}
    </div>
  );
}
