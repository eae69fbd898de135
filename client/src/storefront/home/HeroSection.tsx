import { Link } from 'react-router-dom';

import { Icon, type IconName } from '../../ui/Icon';
import { TwinklingStars } from '../../ui/TwinklingStars';
import './hero.css';
import { HeroIllustration } from './HeroIllustration';

const PROMISES: { icon: IconName; text: string }[] = [
  { icon: 'clock', text: 'Digital books within 24 hours' },
  { icon: 'shield', text: 'Photos deleted after delivery' },
  { icon: 'heart', text: '7-day satisfaction guarantee' },
];

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <TwinklingStars layout="hero" />
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__badge">
            <Icon name="sparkles" size={18} />
            Personalized Storybooks for Children
          </p>
          <h1 id="hero-title" className="hero__title">
            A Storybook Where Your Child Is the Hero
          </h1>
          <p className="hero__subtitle">Handcrafted. Illustrated. Unforgettable.</p>
          <p className="hero__text">
            Share a photo, pick a life lesson, and our illustrators create a story that stars your child: a keepsake they will ask
            for again and again.
          </p>
          <div className="hero__actions">
            <Link to="/create" className="button button--primary button--large">
              CREATE A STORYBOOK
            </Link>
            <Link to="/how-it-works" className="button button--secondary button--large">
              HOW IT WORKS
            </Link>
          </div>
          <ul className="hero__promises">
            {PROMISES.map(({ icon, text }) => (
              <li key={text}>
                <Icon name={icon} size={18} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
