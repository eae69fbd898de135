import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { Icon } from './Icon';
import { LogoMark } from './LogoMark';
import './navbar.css';

/** Past this many pixels of scroll the bar gets a solid background and a shadow. */
export const SCROLL_THRESHOLD_PX = 50;

const NAV_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/samples', label: 'Samples' },
] as const;

export function NavBar() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, key } = useLocation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // A followed link (even to the page we are on) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname, key]);

  // Escape closes the open menu and gives focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const classes = ['navbar'];
  if (scrolled) classes.push('navbar--solid');
  if (menuOpen) classes.push('navbar--open');

  return (
    <header className={classes.join(' ')}>
      <nav className="navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__logo" aria-label="Storybook Shop home">
          <LogoMark />
          <span className="navbar__brand">Storybook Shop</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={26} />
        </button>
        <div id="navbar-menu" className="navbar__menu">
          <ul className="navbar__links">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="navbar__link">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/create" className="button button--primary navbar__cta">
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}
