import { Link } from 'react-router-dom';

import './footer.css';
import { SUPPORT_EMAIL } from './contact';
import { LogoMark } from './LogoMark';
import { NewsletterForm } from './NewsletterForm';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="footer__logo">
            <LogoMark size={34} />
            <span>Storybook Shop</span>
          </Link>
          <p className="footer__tagline">Personalized storybooks where your child is the hero, each one illustrated with care.</p>
          <p className="footer__tagline">
            Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. A real person answers within one business
            day.
          </p>
          <SocialLinks />
        </div>

        <nav className="footer__nav" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer__heading">
            Quick Links
          </h2>
          <ul className="footer__list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/how-it-works">How It Works</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/samples">Sample Stories</Link>
            </li>
          </ul>
        </nav>

        <nav className="footer__nav" aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__heading">
            Support
          </h2>
          <ul className="footer__list">
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/order">Find my order</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>

        <section className="footer__newsletter" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="footer__heading">
            Stories in Your Inbox
          </h2>
          <p className="footer__text">New life lessons, reading tips and the occasional offer. We never share your address.</p>
          <NewsletterForm />
        </section>
      </div>

      <div className="footer__bottom">
        <p className="footer__copyright" suppressHydrationWarning>
          © {new Date().getFullYear()} Storybook Shop. All rights reserved.
        </p>
        <p className="footer__promise">Secure payment · Photos deleted after delivery · Ships to the US &amp; Canada</p>
      </div>
    </footer>
  );
}
