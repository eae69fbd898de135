import type { ReactNode } from 'react';

import './accordion.css';
import { Icon } from './Icon';

interface AccordionItemProps {
  /** Unique on the page: the button and panel ids derive from it. */
  id: string;
  question: string;
  expanded: boolean;
  onToggle: () => void;
  /** Keeps the page's heading outline in order: 2 under the h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** Shown above the question, outside the button, so it never changes the button's name. */
  tag?: ReactNode;
  children: ReactNode;
}

/** One question of an FAQ: a heading holding a toggle button, and the answer it reveals. */
export function AccordionItem({ id, question, expanded, onToggle, headingLevel = 2, tag, children }: AccordionItemProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;

  return (
    <div className={expanded ? 'accordion-item accordion-item--open' : 'accordion-item'}>
      {tag}
      <Heading className="accordion-item__heading">
        <button
          id={buttonId}
          type="button"
          className="accordion-item__button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{question}</span>
          <Icon name="chevron-down" className="accordion-item__chevron" />
        </button>
      </Heading>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion-item__panel" hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}
