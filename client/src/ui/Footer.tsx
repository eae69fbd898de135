import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__columns">
        <nav aria-label="Quick links">
          <h2 className="footer__heading">Quick Links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/how-it-works">How It Works</Link></li>
            <li><Link to="/pricing">Pricing</Link></li>
            <li><Link to="/samples">Sample Stories</Link></li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="footer__heading">Support</h2>
          <ul>
            <li><Link to="/faq">FAQ</Link></li>
            <li><Link to="/contact">Contact Us</Link></li>
            <li><Link to="/privacy">Privacy Policy</Link></li>
            <li><Link to="/terms">Terms of Service</Link></li>
          </ul>
        </nav>
      </div>
      <p className="footer__copyright">© {new Date().getFullYear()} Storybook Shop. All rights reserved.</p>
    </footer>
  );
}
