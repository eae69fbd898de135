import { Link } from 'react-router-dom';

import { PricingSection } from './PricingSection';
import { useScrollToSection } from './useScrollToSection';

export type HomeSectionId = 'how-it-works' | 'pricing' | 'samples';

const STEPS = [
  { title: 'Upload a Photo', text: 'Share a photo of your child and we turn them into a comic-style hero.' },
  { title: 'Pick a Life Lesson', text: 'Kindness, courage, honesty or more: choose the lesson the story teaches.' },
  { title: 'Receive Your Book', text: 'We craft and print the book; it arrives in 7-10 days.' },
] as const;

export function HomePage({ scrollTo }: { scrollTo?: HomeSectionId }) {
  useScrollToSection(scrollTo);

  return (
    <>
      <section className="hero">
        <p className="hero__badge">Personalized Storybooks for Children</p>
        <h1 className="hero__title">A Storybook Where Your Child Is the Hero</h1>
        <p className="hero__subtitle">Handcrafted. Illustrated. Unforgettable.</p>
        <div className="hero__actions">
          <Link to="/create" className="button button--primary">
            CREATE A STORYBOOK
          </Link>
          <Link to="/how-it-works" className="button button--secondary">
            HOW IT WORKS
          </Link>
        </div>
      </section>

      <section id="how-it-works" className="section">
        <h2 className="section__title">How It Works</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number">{index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="section__actions">
          <Link to="/create" className="button button--primary">
            Create Your Child's Storybook
          </Link>
        </div>
      </section>

      <section id="samples" className="section section--alt">
        <h2 className="section__title">See a Sample Story</h2>
      </section>

      <PricingSection id="pricing" />

      <section className="section cta">
        <h2 className="section__title">Ready to Make Your Child the Hero?</h2>
        <Link to="/create" className="button button--primary">
          Get Started
        </Link>
      </section>
    </>
  );
}
