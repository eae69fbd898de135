import { useEffect, useRef, useState } from 'react';

import { Icon, type IconName } from '../../ui/Icon';
import { SampleSpreads } from '../samples/SampleSpreads';
import { SamplePoster } from './SamplePoster';
import './sample-story.css';
import { SAMPLE_STORY_TITLE, sampleVideoEmbedUrl } from './sample-video';
import { SAMPLE_VIDEO_ID } from './sample-video-config';

const HIGHLIGHTS: { icon: IconName; text: string }[] = [
  { icon: 'smile', text: 'Your child, drawn as the hero on every page' },
  { icon: 'heart', text: 'A life lesson woven gently into the adventure' },
  { icon: 'moon', text: 'Just the right length for a bedtime read-aloud' },
];

/**
 * The sample story. Nothing is requested from the video host until the visitor presses
 * play: until then the poster is our own drawing, then the player is embedded and starts.
 */
export function SampleStorySection() {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The play button disappears with the click: keep keyboard focus in the same place.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
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
            Watch one of our storybooks come to life: a child's photo becomes the hero of an illustrated adventure. Your child's
            book is made the same way, just for them.
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
              <iframe
                ref={frameRef}
                className="sample__video"
                src={sampleVideoEmbedUrl(SAMPLE_VIDEO_ID)}
                title={`Sample story video: ${SAMPLE_STORY_TITLE}`}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
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
          <figcaption className="sample__caption">The video is hosted on YouTube and loads only when you press play.</figcaption>
        </figure>
      </div>
      <div className="container">
        <SampleSpreads />
      </div>
    </section>
  );
}
