import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { siteData } from '../../site-data';

export const FAQ_CATEGORIES = ['Process', 'Content', 'Delivery', 'Payment', 'Customization'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqQuestion {
  id: string;
  category: FaqCategory;
  question: string;
  answer: ReactNode;
}

/** The catalogue's family discount, in its own words (the page carries the catalogue it was built with). */
function FamilyDiscountTerms() {
  const discount = siteData()?.catalogue.familyDiscount;
  return (
    <>
      {discount
        ? `${discount.description}, up to ${discount.maxBooks} books in one checkout`
        : 'every book costs less when you order several together'}
    </>
  );
}

/** The FAQ. Every promise here matches the pricing cards, the order form and the policies. */
export const FAQ_QUESTIONS: FaqQuestion[] = [
  {
    id: 'how-it-works',
    category: 'Process',
    question: 'How does it work?',
    answer: (
      <p>
        Upload a clear photo of your child, tell us their first name and age, pick one of eight life lessons and, if you like, add
        a story idea. Then choose a digital comic book or a premium printed storybook and pay securely. Our illustrators draw your
        child as the hero of an original story built around the lesson you chose.
      </p>
    ),
  },
  {
    id: 'photo',
    category: 'Process',
    question: "What happens to my child's photo?",
    answer: (
      <>
        <p>
          We use it only to make your child's book. When you upload it we remove hidden location data from the image, and we store
          it privately: it never appears on a public page.
        </p>
        <p>
          We delete it automatically 7 days after your book is delivered, once your revision window has passed. We never sell it
          or use it in advertising. Our <Link to="/privacy">Privacy Policy</Link> has the details.
        </p>
      </>
    ),
  },
  {
    id: 'ages',
    category: 'Content',
    question: 'Which ages are the storybooks for?',
    answer: (
      <p>
        Children from 2 to 12. We fit the story's length, words and themes to the age you enter, so a three-year-old gets a short,
        gentle read-aloud and a ten-year-old a richer adventure.
      </p>
    ),
  },
  {
    id: 'lessons',
    category: 'Content',
    question: 'Which life lessons can the story teach?',
    answer: (
      <p>
        Eight: Kindness, Courage, Honesty, Friendship, Responsibility, Perseverance, Patience and Gratitude. Each book focuses on
        one lesson, woven into the adventure rather than preached. Our stories are written in English only for now.
      </p>
    ),
  },
  {
    id: 'delivery-time',
    category: 'Delivery',
    question: 'How long will my book take to arrive?',
    answer: (
      <>
        <p>
          The Digital Comic Book arrives by e-mail within 24 hours, as a high-resolution PDF. The Premium Printed Storybook is
          printed and shipped to your door in 7-10 business days.
        </p>
        <p>
          Every e-mail about your order links to its private order page, which shows where the order stands, your files once
          delivered, and tracking for printed books. Lost the link? <Link to="/order">Find my order</Link> e-mails it to you
          again.
        </p>
      </>
    ),
  },
  {
    id: 'shipping',
    category: 'Delivery',
    question: 'Where do you ship printed books?',
    answer: (
      <p>
        We ship printed books to addresses in the United States and Canada. The digital edition can be enjoyed anywhere: it
        arrives by e-mail.
      </p>
    ),
  },
  {
    id: 'payment',
    category: 'Payment',
    question: 'How do I pay, and is it secure?',
    answer: (
      <p>
        You pay once, in US dollars, by card through our payment provider's secure, encrypted checkout. Your card details go
        straight to the provider: we never see or store your card number. There are no subscriptions and no hidden fees.
      </p>
    ),
  },
  {
    id: 'family-discounts',
    category: 'Payment',
    question: 'Do you offer discounts for several books?',
    answer: (
      <p>
        Yes: <FamilyDiscountTerms />. After your first book, choose "Add another book" on the payment page for a sibling, a cousin
        or the same child in the other format, and pay for all of them at once. Ordering for a whole class?{' '}
        <Link to="/contact">Contact us</Link> before you order and we will put together a package for you.
      </p>
    ),
  },
  {
    id: 'story-idea',
    category: 'Customization',
    question: 'Can I add my own story idea or choose a style?',
    answer: (
      <p>
        Yes. The order form has an optional story idea field: a favorite toy, a pet's name, a place your child loves. For printed
        books you also choose the illustration style: Classic, Adventure, Fairytale or Superhero.
      </p>
    ),
  },
  {
    id: 'changes',
    category: 'Customization',
    question: "What if I'd like changes, or I'm not happy?",
    answer: (
      <p>
        Every book includes one round of free revisions: tell us within 7 days of delivery what you would like changed. And with
        our 7-day satisfaction guarantee, if you are still not happy, we will make it right or refund you.
      </p>
    ),
  },
];
