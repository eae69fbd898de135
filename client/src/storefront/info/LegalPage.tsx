import type { ReactNode } from 'react';

import { PageHero } from '../../ui/PageHero';
import { PageTitle } from '../../ui/PageTitle';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  lead: string;
  updated: string;
  /** The plain-language summary shown first, for parents in a hurry. */
  summary: ReactNode;
  sections: LegalSection[];
}

/** The frame of the policy pages: summary, table of contents, then numbered sections. */
export function LegalPage({ title, lead, updated, summary, sections }: LegalPageProps) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageHero eyebrow={`Last updated ${updated}`} title={title}>
        <p>{lead}</p>
      </PageHero>

      <div className="container legal">
        <section className="legal__summary" aria-labelledby="legal-summary-title">
          <h2 id="legal-summary-title">The short version</h2>
          {summary}
        </section>

        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal__toc-title">
            On this page
          </h2>
          <ol className="legal__toc-list">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="legal__body">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                <span className="legal__number" aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
