import { Link } from 'react-router-dom';

import { Icon, type IconName } from '../../ui/Icon';
import './how-it-works.css';
import { ORDER_MINUTES_WORDS } from '../../ui/order-time';

const STEPS: { icon: IconName; tone: string; title: string; text: string }[] = [
  {
    icon: 'camera',
    tone: 'icon-badge--coral',
    title: 'Upload a Photo',
    text: 'Share a clear photo of your child. Our illustrators turn them into a comic-style hero.',
  },
  {
    icon: 'heart',
    tone: '',
    title: 'Pick a Life Lesson',
    text: 'Kindness, courage, honesty or more: choose the lesson your story will gently teach.',
  },
  {
    icon: 'gift',
    tone: 'icon-badge--mint',
    title: 'Receive Your Book',
    text: 'We craft and print your book, and it arrives in 7-10 business days. Or choose the digital edition, by e-mail within 24 hours.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="section" aria-labelledby="how-it-works-title">
      <div className="container">
        <header className="section__header">
          <p className="section__eyebrow">Three simple steps</p>
          <h2 id="how-it-works-title" className="section__title">
            How It Works
          </h2>
          <p className="section__lead">From a favorite photo to a book they will treasure, in about {ORDER_MINUTES_WORDS}.</p>
        </header>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item card">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className={`icon-badge ${step.tone}`}>
                <Icon name={step.icon} size={28} />
              </span>
              <h3 className="card__title">
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="card__text">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="section__actions">
          <Link to="/create" className="button button--primary button--large">
            Create Your Child's Storybook
          </Link>
        </div>
      </div>
    </section>
  );
}
