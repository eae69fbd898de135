import './twinkling-stars.css';

interface Star {
  top: string;
  left: string;
  size: number;
  delay: string;
  tone: 'sun' | 'lilac' | 'white';
  /** Hidden on narrow screens, where the centred text would run under it. */
  wideOnly?: boolean;
}

/** Hand-placed so the stars frame the content instead of landing on the text. */
const LAYOUTS: Record<'hero' | 'header' | 'banner', Star[]> = {
  hero: [
    { top: '4%', left: '3%', size: 22, delay: '0s', tone: 'sun' },
    { top: '8%', left: '38%', size: 12, delay: '1.2s', tone: 'lilac', wideOnly: true },
    { top: '26%', left: '47%', size: 14, delay: '2.1s', tone: 'sun', wideOnly: true },
    { top: '70%', left: '3%', size: 16, delay: '0.6s', tone: 'lilac' },
    { top: '84%', left: '30%', size: 12, delay: '1.8s', tone: 'sun', wideOnly: true },
    { top: '12%', left: '93%', size: 18, delay: '0.9s', tone: 'lilac' },
    { top: '62%', left: '95%', size: 14, delay: '2.6s', tone: 'sun' },
    { top: '90%', left: '70%', size: 10, delay: '1.5s', tone: 'lilac', wideOnly: true },
  ],
  header: [
    { top: '16%', left: '6%', size: 18, delay: '0s', tone: 'sun' },
    { top: '74%', left: '12%', size: 12, delay: '1.4s', tone: 'lilac', wideOnly: true },
    { top: '20%', left: '90%', size: 16, delay: '0.8s', tone: 'lilac' },
    { top: '76%', left: '84%', size: 12, delay: '2s', tone: 'sun', wideOnly: true },
  ],
  banner: [
    { top: '18%', left: '6%', size: 18, delay: '0s', tone: 'sun' },
    { top: '72%', left: '12%', size: 12, delay: '1.1s', tone: 'white' },
    { top: '20%', left: '90%', size: 14, delay: '0.7s', tone: 'white' },
    { top: '76%', left: '86%', size: 20, delay: '1.9s', tone: 'sun' },
  ],
};

/** Decorative twinkling stars for a positioned parent; they stay still for reduced motion. */
export function TwinklingStars({ layout = 'hero' }: { layout?: keyof typeof LAYOUTS }) {
  return (
    <div className="twinkles" aria-hidden="true">
      {LAYOUTS[layout].map((star, index) => (
        <svg
          key={index}
          className={`twinkles__star twinkles__star--${star.tone}${star.wideOnly ? ' twinkles__star--wide-only' : ''}`}
          style={{ top: star.top, left: star.left, width: star.size, height: star.size, animationDelay: star.delay }}
          viewBox="0 0 24 24"
          focusable="false"
        >
          <path d="M12 0c.9 6.3 5.1 10.6 12 12-6.9 1.4-11.1 5.7-12 12-.9-6.3-5.1-10.6-12-12C6.9 10.6 11.1 6.3 12 0z" />
        </svg>
      ))}
    </div>
  );
}
