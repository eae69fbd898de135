import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

/** Past this many pixels of scroll the bar gets a solid background and a shadow. */
const SCROLL_THRESHOLD_PX = 50;

const NAV_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/samples', label: 'Samples' },
] as const;

export function NavBar() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={scrolled ? 'navbar navbar--solid' : 'navbar'}>
      <nav className="navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__logo" onClick={closeMenu}>
          <span aria-hidden="true">📖</span> Storybook Shop
        </Link>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <div id="navbar-menu" className={menuOpen ? 'navbar__menu navbar__menu--open' : 'navbar__menu'}>
          <ul className="navbar__links">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} onClick={closeMenu}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/create" className="button button--primary" onClick={closeMenu}>
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}
