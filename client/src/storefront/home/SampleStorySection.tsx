import { useId, useRef, useState, useLayoutEffect } from 'react';

import { Icon, type IconName } from '../../ui/Icon';
import sampleStory from '../../assets/sample-story.mp4';
import { SAMPLE_BOOK, SampleSpreads } from '../samples/SampleSpreads';
import { SamplePoster } from './SamplePoster';
import './sample-story.css';

const HIGHLIGHTS: { icon: IconName; text: string }[] = [
  { icon: 'smile', text: 'Your child, drawn as the hero on every page' },
  { icon: 'heart', text: 'A life lesson woven gently into the adventure' },
  { icon: 'moon', text: 'Just the right length for a bedtime read-aloud' },
];

/**
 * The sample story: the example book of the pages below, turned page by page (made by
 * scripts/sample-video.mjs from the shop's own drawings), served by the shop itself. Nothing of
 * it is fetched until the visitor presses play: until then the poster is our own drawing.
 */
export function SampleStorySection() {
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const descriptionId = useId();

  // The play button disappears with the click: keep keyboard focus in the same place.
  useLayoutEffect(() => {
    if (playing) videoRef.current?.focus();
  }, [playing]);

  return (
    <section id="samples" className="section section--tint" aria-labelledby="samples-title">
      <div className="container sample">
        <div className="sample__copy">
          <p className="section__eyebrow">Peek inside a book</p>
          <h2 id="samples-title" className="section__title">
            See a Sample Story
          </h2>
          <p className="section__lead">
            Watch one of our storybooks, page by page: a child becomes the hero of an illustrated adventure. Your child's book is
            made the same way, just for them.
          </p>
          <ul className="sample__highlights">
            {HIGHLIGHTS.map(({ icon, text }) => (
              <li key={text}>
                <span className="sample__highlight-icon">
                  <Icon name={icon} size={20} />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>

        <figure className="sample__media">
          <div className="sample__frame">
            {playing ? (
              <video
                ref={videoRef}
                className="sample__video"
                src={sampleStory}
                aria-label={`Sample story video: ${SAMPLE_BOOK.title}`}
                aria-describedby={descriptionId}
                controls
                // Focus moves here from the play button; its controls are then a key press away.
                tabIndex={0}
                autoPlay
                muted
                playsInline
              />
            ) : (
              <button type="button" className="sample__poster" onClick={() => setPlaying(true)}>
                <SamplePoster />
                <span className="sample__play">
                  <span className="sample__play-icon" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                      <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                    </svg>
                  </span>
                  <span className="sample__play-label">Play the sample story</span>
                </span>
              </button>
            )}
          </div>
          {/* The video has no sound: this says what it shows, for a screen reader. */}
          <p id={descriptionId} className="visually-hidden">
            {`A silent video that turns the pages of “${SAMPLE_BOOK.title}”: its cover, then pages 6 and 7 drawn in the classic, adventure, fairytale and superhero styles (their words are in the sample pages below), then The End.`}
          </p>
          <figcaption className="sample__caption">
            “{SAMPLE_BOOK.title}”, a sample book, page by page. The video loads only when you press play.
          </figcaption>
        </figure>
      </div>
      <div className="container">
        <SampleSpreads />
      </div>
    </section>
  );
}
