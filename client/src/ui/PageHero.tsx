import type { ReactNode } from 'react';

import './page-hero.css';
import { TwinklingStars } from './TwinklingStars';

/** The soft, starry header every info page opens with: the page's one h1 and a lead. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <TwinklingStars layout="header" />
      <div className="page-hero__inner">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1 className="page-hero__title">{title}</h1>
        {children && <div className="page-hero__lead">{children}</div>}
      </div>
    </header>
  );
}
