import { Outlet, ScrollRestoration } from 'react-router-dom';

import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** The storefront frame: top navigation, the page, the footer. */
export function Layout() {
  return (
    <div className="layout">
      <NavBar />
      <main className="layout__main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
