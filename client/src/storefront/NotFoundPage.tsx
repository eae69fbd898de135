import { Link } from 'react-router-dom';

import { PageTitle } from '../ui/PageTitle';
import { TwinklingStars } from '../ui/TwinklingStars';
import './not-found.css';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageTitle>Page Not Found</PageTitle>
      <TwinklingStars layout="header" />
      <div className="not-found__inner">
        <svg className="not-found__art" viewBox="0 0 200 140" aria-hidden="true" focusable="false">
          <ellipse cx="100" cy="128" rx="80" ry="8" fill="#2b2540" opacity="0.1" />
          <path d="M100 40C80 26 46 22 20 30V118C46 110 80 112 100 126Z" fill="#fff" stroke="#d9cff0" strokeWidth="3" />
          <path d="M100 40C120 26 154 22 180 30V118C154 110 120 112 100 126Z" fill="#f4effd" stroke="#d9cff0" strokeWidth="3" />
          <path d="M100 40V126" stroke="#d9cff0" strokeWidth="3" />
          <g fill="none" stroke="#d9cff0" strokeWidth="5" strokeLinecap="round">
            <path d="M36 58C54 54 70 54 86 60" />
            <path d="M36 76C54 72 70 72 86 78" />
            <path d="M36 94C50 90 62 90 74 94" />
          </g>
          <text
            x="140"
            y="98"
            textAnchor="middle"
            fontSize="56"
            fontWeight="800"
            fill="#ff7a59"
            fontFamily="system-ui, sans-serif"
          >
            ?
          </text>
          <path d="M100 4l3.5 9.5L113 17l-9.5 3.5L100 30l-3.5-9.5L87 17l9.5-3.5z" fill="#ffb627" />
        </svg>
        <h1 id="not-found-title" className="not-found__title">
          Page Not Found
        </h1>
        <p className="not-found__text">
          This page seems to have wandered off into another story. Let's get you back to the adventure.
        </p>
        <div className="not-found__actions">
          <Link to="/" className="button button--primary button--large">
            Back to Home
          </Link>
          <Link to="/faq" className="button button--secondary button--large">
            Read the FAQ
          </Link>
        </div>
      </div>
    </section>
  );
}
