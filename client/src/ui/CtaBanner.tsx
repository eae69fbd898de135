import { Link } from 'react-router-dom';

import './cta-banner.css';
import { TwinklingStars } from './TwinklingStars';

interface CtaBannerProps {
  title: string;
  text: string;
}

/** The closing invitation at the end of a page: a starry purple card leading to the order form. */
export function CtaBanner({ title, text }: CtaBannerProps) {
  return (
    <section className="section cta-banner" aria-labelledby="cta-banner-title">
      <div className="container">
        <div className="cta-banner__card">
          <TwinklingStars layout="banner" />
          <h2 id="cta-banner-title" className="cta-banner__title">
            {title}
          </h2>
          <p className="cta-banner__text">{text}</p>
          <Link to="/create" className="button button--light button--large">
            Start Your Child's Story
          </Link>
        </div>
      </div>
    </section>
  );
}
