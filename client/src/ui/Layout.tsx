import { Outlet, ScrollRestoration } from 'react-router-dom';

import { ConsentBanner } from './ConsentBanner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** The storefront frame: a skip link, top navigation, the page, the footer. */
export function Layout() {
  return (
    <div className="layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <NavBar />
      <main id="main-content" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ConsentBanner />
      <ScrollRestoration />
    </div>
  );
}
