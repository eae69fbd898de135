import { useId, useState } from 'react';

import adventure from './spreads/adventure.svg';
import classic from './spreads/classic.svg';
import fairytale from './spreads/fairytale.svg';
import superhero from './spreads/superhero.svg';
import '../../ui/chip.css';
import sampleBook from './sample-book.json';
import './sample-spreads.css';

/**
 * The example book whose pages the shop shows: one spread of it, drawn in each style the form
 * offers. Its words are kept in sample-book.json, which the sample video's script reads too.
 */
export const SAMPLE_BOOK = sampleBook;

/** The right-hand page of the spread in each style: our own drawings, with what they show for a screen reader. */
export const SAMPLE_SPREADS = [
  {
    style: 'classic',
    label: 'Classic',
    image: classic,
    alt: 'Classic style: Mia waves from a grassy hill at sunset, a red and white lighthouse by the sea behind her.',
  },
  {
    style: 'adventure',
    label: 'Adventure',
    image: adventure,
    alt: 'Adventure style: Mia with her backpack on a mountain trail, a compass in the sky and the lighthouse far ahead.',
  },
  {
    style: 'fairytale',
    label: 'Fairytale',
    image: fairytale,
    alt: 'Fairytale style: Mia in a golden crown under the moon and stars, before a lilac lighthouse tower.',
  },
  {
    style: 'superhero',
    label: 'Superhero',
    image: superhero,
    alt: 'Superhero style: Mia flies in a red cape across a bright sunburst toward the lighthouse.',
  },
] as const;

/**
 * "Peek inside": one spread of an example book, in the style the visitor picks. The drawing loads
 * only when it is about to be seen, and only the picked style's.
 */
export function SampleSpreads({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const [picked, setPicked] = useState<(typeof SAMPLE_SPREADS)[number]['style']>('classic');
  const headingId = useId();
  const spread = SAMPLE_SPREADS.find((candidate) => candidate.style === picked) ?? SAMPLE_SPREADS[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="spreads" role="region" aria-labelledby={headingId}>
      <Heading id={headingId} className="spreads__title">
        Pages from “{SAMPLE_BOOK.title}”
      </Heading>
      <p className="spreads__lead">
        A sample book about {SAMPLE_BOOK.lesson.toLowerCase()}. Pick a style to see the same pages drawn in it.
      </p>
      <div className="spreads__styles" role="group" aria-label="Book style">
        {SAMPLE_SPREADS.map((option) => (
          <button
            key={option.style}
            type="button"
            className="chip"
            aria-pressed={option.style === picked}
            onClick={() => setPicked(option.style)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <figure className="spreads__book">
        <div className="spreads__page spreads__page--text">
          {SAMPLE_BOOK.words.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <span className="spreads__folio" aria-hidden="true">
            6
          </span>
        </div>
        <div className="spreads__page spreads__page--art">
          <img
            key={spread.style}
            className="spreads__art"
            src={spread.image}
            alt={spread.alt}
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
          />
        </div>
        <figcaption className="spreads__caption">
          Pages 6 and 7, {spread.label.toLowerCase()} style. Your child’s book has their name, their face and the lesson you
          choose.
        </figcaption>
      </figure>
    </div>
  );
}
