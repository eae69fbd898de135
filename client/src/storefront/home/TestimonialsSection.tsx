import { Link } from 'react-router-dom';

import { StarRating } from '../../ui/StarRating';
import './testimonials.css';

const TESTIMONIALS = [
  {
    quote:
      'Our son asks for "his" book every single night. Seeing himself as a brave hero has made him so much more confident about trying new things.',
    name: 'Jessica M.',
    place: 'Austin, Texas',
    detail: 'Printed storybook, Courage',
    initial: 'J',
    tone: 'coral',
  },
  {
    quote:
      'The digital book arrived the same evening and the illustrations genuinely looked like our daughter. We printed a copy for both grandmas.',
    name: 'Priya K.',
    place: 'Toronto, Ontario',
    detail: 'Digital comic book, Kindness',
    initial: 'P',
    tone: 'mint',
  },
  {
    quote:
      'Beautiful hardcover, sturdy pages, and a story about sharing that finally got through to our twins. It is the best gift we have given them.',
    name: 'Sarah L.',
    place: 'Portland, Oregon',
    detail: 'Printed storybook, Friendship',
    initial: 'S',
    tone: 'sun',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <header className="section__header">
          <p className="section__eyebrow">Loved by families</p>
          <h2 id="testimonials-title" className="section__title">
            What Parents Are Saying
          </h2>
        </header>
        <ul className="testimonials">
          {TESTIMONIALS.map((item) => (
            <li key={item.name} className="testimonial card">
              <figure className="testimonial__figure">
                <StarRating value={5} />
                <blockquote className="testimonial__quote">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className={`testimonial__avatar testimonial__avatar--${item.tone}`} aria-hidden="true">
                    {item.initial}
                  </span>
                  <span>
                    <span className="testimonial__name">{item.name}</span>
                    <span className="testimonial__meta">
                      {item.place} · {item.detail}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="section__note">
          <Link to="/testimonials" className="link-arrow">
            Read more customer reviews
          </Link>
        </p>
      </div>
    </section>
  );
}
