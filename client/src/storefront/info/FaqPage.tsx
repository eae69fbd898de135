import { useState } from 'react';
import { Link } from 'react-router-dom';

import { AccordionItem } from '../../ui/AccordionItem';
import { PageHero } from '../../ui/PageHero';
import { PageTitle } from '../../ui/PageTitle';
import { SUPPORT_EMAIL } from '../../ui/contact';
import { FAQ_CATEGORIES, FAQ_QUESTIONS, type FaqCategory } from './faq-questions';
import '../../ui/chip.css';
import './faq.css';

type Filter = 'All' | FaqCategory;
const FILTERS: Filter[] = ['All', ...FAQ_CATEGORIES];

export function FaqPage() {
  const [filter, setFilter] = useState<Filter>('All');
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());

  const visible = filter === 'All' ? FAQ_QUESTIONS : FAQ_QUESTIONS.filter((item) => item.category === filter);

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <>
      <PageTitle>Frequently Asked Questions</PageTitle>
      <PageHero eyebrow="Help center" title="Frequently Asked Questions">
        <p>Everything parents ask us about photos, stories, delivery and payment, answered plainly.</p>
      </PageHero>

      <div className="container faq">
        <div className="faq__filters" role="group" aria-label="Filter questions by category">
          {FILTERS.map((name) => (
            <button key={name} type="button" className="chip" aria-pressed={filter === name} onClick={() => setFilter(name)}>
              {name}
            </button>
          ))}
        </div>
        <p className="faq__count" aria-live="polite">
          {filter === 'All'
            ? `Showing all ${visible.length} questions`
            : `Showing ${visible.length} ${visible.length === 1 ? 'question' : 'questions'} about ${filter}`}
        </p>

        <ul className="faq__list">
          {visible.map((item) => (
            <li key={item.id} className="faq__item" data-category={item.category}>
              <AccordionItem
                id={`faq-${item.id}`}
                question={item.question}
                expanded={openIds.has(item.id)}
                onToggle={() => toggle(item.id)}
                tag={<span className={`tag faq__tag faq__tag--${item.category.toLowerCase()}`}>{item.category}</span>}
              >
                {item.answer}
              </AccordionItem>
            </li>
          ))}
        </ul>

        <section className="faq__help card" aria-labelledby="faq-help-title">
          <h2 id="faq-help-title" className="faq__help-title">
            Still have a question?
          </h2>
          <p className="card__text">
            Real people read every message and reply personally. Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
          <Link to="/contact" className="button button--secondary">
            Contact Us
          </Link>
        </section>
      </div>
    </>
  );
}
