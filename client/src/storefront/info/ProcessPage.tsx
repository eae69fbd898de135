import { useState } from 'react';
import { Link } from 'react-router-dom';

import { AccordionItem } from '../../ui/AccordionItem';
import { CtaBanner } from '../../ui/CtaBanner';
import { Icon, type IconName } from '../../ui/Icon';
import { PageHero } from '../../ui/PageHero';
import { PageTitle } from '../../ui/PageTitle';
import './info.css';
import { ORDER_MINUTES_CAPITALIZED, ORDER_TIME_SENTENCE } from '../../ui/order-time';

const STEPS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'upload',
    title: "You share your child's details",
    text: `A photo, their first name and age, the life lesson you want to teach and, if you like, a story idea. ${ORDER_TIME_SENTENCE}`,
  },
  {
    icon: 'pencil',
    title: 'We write the story',
    text: "Our writers shape an original adventure around the lesson you chose and your idea, pitched at your child's age, from gentle read-alouds for two-year-olds to richer tales for twelve-year-olds.",
  },
  {
    icon: 'palette',
    title: 'We illustrate your child as the hero',
    text: 'Our illustrators draw your child from the photo in a bright, comic-book style. For printed books you pick the look: Classic, Adventure, Fairytale or Superhero.',
  },
  {
    icon: 'shield',
    title: 'We check every page',
    text: 'A second pair of eyes checks the likeness, the spelling and the reading level before anything leaves our studio.',
  },
  {
    icon: 'gift',
    title: 'Your book arrives',
    text: 'The digital comic book reaches your inbox within 24 hours; the printed hardcover arrives in 7-10 business days, anywhere in the United States and Canada.',
  },
];

const QUESTIONS = [
  {
    id: 'duration',
    question: 'How long does the whole process take?',
    answer: 'Within 24 hours for the digital comic book. Printed storybooks are printed and shipped in 7-10 business days.',
  },
  {
    id: 'good-photo',
    question: 'What makes a good photo?',
    answer:
      'A clear, well-lit, front-facing photo of your child alone, without sunglasses or a hat covering the face. JPEG or PNG, up to 5 MB. A recent phone photo is perfect.',
  },
  {
    id: 'changes',
    question: 'Can I ask for changes?',
    answer:
      'Yes. Every book includes one round of free revisions: tell us within 7 days of delivery what you would like changed, and we will update the story or the pictures.',
  },
  {
    id: 'photo-safety',
    question: "Is my child's photo safe with you?",
    answer:
      'Yes. We strip location data from the image when you upload it, store it privately, and delete it automatically 7 days after your book is delivered, once your revision window has passed.',
  },
];

export function ProcessPage() {
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <PageTitle>Our Process</PageTitle>
      <PageHero eyebrow="From photo to keepsake" title="Our Process">
        <p>Every book is made for one child. Here is what happens after you place your order.</p>
      </PageHero>

      <section className="section" aria-labelledby="process-steps-title">
        <div className="container">
          <h2 id="process-steps-title" className="visually-hidden">
            Five steps
          </h2>
          <ol className="timeline">
            {STEPS.map((step, index) => (
              <li key={step.title} className="timeline__item">
                <span className="timeline__marker" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="timeline__card card">
                  <span className="icon-badge">
                    <Icon name={step.icon} size={26} />
                  </span>
                  <h3 className="card__title">
                    <span className="visually-hidden">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="card__text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="process-faq-title">
        <div className="container info-narrow">
          <header className="section__header">
            <h2 id="process-faq-title" className="section__title">
              Questions About Our Process
            </h2>
          </header>
          <div className="stack">
            {QUESTIONS.map((item) => (
              <AccordionItem
                key={item.id}
                id={`process-${item.id}`}
                headingLevel={3}
                question={item.question}
                expanded={openId === item.id}
                onToggle={() => setOpenId((current) => (current === item.id ? null : item.id))}
              >
                <p>{item.answer}</p>
              </AccordionItem>
            ))}
          </div>
          <p className="section__note">
            <Link to="/faq" className="link-arrow">
              See all frequently asked questions
            </Link>
          </p>
        </div>
      </section>

      <CtaBanner
        title="Ready to Begin?"
        text={`${ORDER_MINUTES_CAPITALIZED} from you, a little magic from us, and a story your child will ask for again and again.`}
      />
    </>
  );
}
