import './twinkling-stars.css';

/** A star's place and timing are in twinkling-stars.css, by layout and position in the list. */
interface Star {
  size: number;
  tone: 'sun' | 'lilac' | 'white';
  /** Hidden on narrow screens, where the centred text would run under it. */
  wideOnly?: boolean;
}

/** Hand-placed so the stars frame the content instead of landing on the text. */
const LAYOUTS: Record<'hero' | 'header' | 'banner', Star[]> = {
  hero: [
    { size: 22, tone: 'sun' },
    { size: 12, tone: 'lilac', wideOnly: true },
    { size: 14, tone: 'sun', wideOnly: true },
    { size: 16, tone: 'lilac' },
    { size: 12, tone: 'sun', wideOnly: true },
    { size: 18, tone: 'lilac' },
    { size: 14, tone: 'sun' },
    { size: 10, tone: 'lilac', wideOnly: true },
  ],
  header: [
    { size: 18, tone: 'sun' },
    { size: 12, tone: 'lilac', wideOnly: true },
    { size: 16, tone: 'lilac' },
    { size: 12, tone: 'sun', wideOnly: true },
  ],
  banner: [
    { size: 18, tone: 'sun' },
    { size: 12, tone: 'white' },
    { size: 14, tone: 'white' },
    { size: 20, tone: 'sun' },
  ],
};

/** Decorative twinkling stars for a positioned parent; they stay still for reduced motion. */
export function TwinklingStars({ layout = 'hero' }: { layout?: keyof typeof LAYOUTS }) {
  return (
    <div className={`twinkles twinkles--${layout}`} aria-hidden="true">
      {LAYOUTS[layout].map((star, index) => (
        <svg
          key={index}
          className={`twinkles__star twinkles__star--${star.tone}${star.wideOnly ? ' twinkles__star--wide-only' : ''}`}
          width={star.size}
          height={star.size}
          viewBox="0 0 24 24"
          focusable="false"
        >
          <path d="M12 0c.9 6.3 5.1 10.6 12 12-6.9 1.4-11.1 5.7-12 12-.9-6.3-5.1-10.6-12-12C6.9 10.6 11.1 6.3 12 0z" />
        </svg>
      ))}
    </div>
  );
}
