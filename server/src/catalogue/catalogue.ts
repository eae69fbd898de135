/**
 * The shop's catalogue: plans and prices, life lessons, printed styles, shipping countries
 * and order limits. One source of truth: the `catalogue` query serves it to the client, and
 * the server validates orders and charges amounts from it.
 */
import { EMAIL_MAX_LENGTH } from '../common/email';

export type BookFormat = 'digital' | 'printed';

export interface Plan {
  format: BookFormat;
  title: string;
  /** Integer cents in `CURRENCY`. */
  priceCents: number;
  recommended: boolean;
  description: string;
  delivery: string;
  features: string[];
}

export const CURRENCY = 'USD';

export const PLANS: readonly Plan[] = [
  {
    format: 'digital',
    title: 'Digital Comic Book',
    priceCents: 2500,
    recommended: false,
    description: 'A high-resolution, full-color PDF storybook starring your child.',
    delivery: 'Delivered by e-mail within 24 hours',
    features: [
      'Your child as the comic-style hero',
      'A story built around the life lesson you choose',
      'High-resolution PDF to read on any device or print at home',
      'Delivered by e-mail within 24 hours',
    ],
  },
  {
    format: 'printed',
    title: 'Premium Printed Storybook',
    priceCents: 5000,
    recommended: true,
    description: 'A premium hardcover storybook, printed and shipped to your door.',
    delivery: 'Printed and shipped in 7-10 business days to the United States and Canada',
    features: [
      'Your child as the hero of a story built around the life lesson you choose',
      'Premium hardcover on thick, wipe-clean pages',
      'Your choice of illustration style',
      'Shipped in 7-10 business days to the United States and Canada',
    ],
  },
];

/**
 * The family discount the FAQ promises: books bought together in one checkout (siblings, cousins,
 * the same child in the other format), up to `maxBooks`, each cost `percentOff` less once the
 * checkout holds `minBooks`. Each book keeps its own price, so the books' prices add up to what
 * the parent pays, and refunding one book refunds its own price.
 */
export const FAMILY_DISCOUNT = {
  minBooks: 2,
  maxBooks: 5,
  percentOff: 10,
  description: '10% off every book when you order two or more together',
} as const;

/** What one book of `format` costs in a checkout of `books` books, in integer cents. */
export function bookPriceCents(format: BookFormat, books: number): number {
  const priceCents = planFor(format).priceCents;
  if (books < FAMILY_DISCOUNT.minBooks) return priceCents;
  return priceCents - Math.round((priceCents * FAMILY_DISCOUNT.percentOff) / 100);
}

export interface LifeLesson {
  value: string;
  label: string;
  emoji: string;
}

/** The eight lessons the form offers, stored exactly as the parent chose them. */
export const LIFE_LESSONS: readonly LifeLesson[] = [
  { value: 'Kindness', label: 'Kindness', emoji: '💝' },
  { value: 'Courage', label: 'Courage', emoji: '🦁' },
  { value: 'Honesty', label: 'Honesty', emoji: '🌟' },
  { value: 'Friendship', label: 'Friendship', emoji: '🤝' },
  { value: 'Responsibility', label: 'Responsibility', emoji: '🎯' },
  { value: 'Perseverance', label: 'Perseverance', emoji: '🏔️' },
  { value: 'Patience', label: 'Patience', emoji: '🐢' },
  { value: 'Gratitude', label: 'Gratitude', emoji: '🙏' },
];

export interface BookStyle {
  value: string;
  label: string;
}

export const BOOK_STYLES: readonly BookStyle[] = [
  { value: 'classic', label: 'Classic' },
  { value: 'adventure', label: 'Adventure' },
  { value: 'fairytale', label: 'Fairytale' },
  { value: 'superhero', label: 'Superhero' },
];

export const SHIPPING_COUNTRIES: readonly string[] = ['United States', 'Canada'];

/**
 * A printed book's journey as the shop promises it to the parent ("7-10 business days"): shipping
 * is in the price, and the book arrives between these many business days after payment.
 */
export const PRINTED_DELIVERY = {
  shippingIncluded: true,
  arrivesFromBusinessDays: 7,
  arrivesByBusinessDays: 10,
} as const;

export const LIMITS = {
  minChildAge: 2,
  maxChildAge: 12,
  childNameMaxLength: 50,
  storyIdeaMaxLength: 1000,
  dedicationMaxLength: 300,
  /** A gift's message: on a printed book's dedication page, in a digital book's delivery e-mail. */
  giftMessageMaxLength: 300,
  /** How many days ahead a digital gift's delivery date may be. */
  giftDeliveryMaxDays: 365,
  /** What the parent may write when asking for a change to the delivered book. */
  changeRequestMaxLength: 1000,
  emailMaxLength: EMAIL_MAX_LENGTH,
  addressFieldMaxLength: 200,
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png'] as readonly string[],
} as const;

/**
 * The times the shop promises, as the studio's queue counts them (studio/work-due.ts): a digital
 * book within 24 hours of payment ("Delivered by e-mail within 24 hours"); a printed one shipped
 * within 7 business days, so that it arrives within the 7-10 the plan promises; a parent's
 * change answered within 2 days.
 */
export const STUDIO_PROMISES = {
  digitalDeliveryHours: 24,
  printedShipBusinessDays: 7,
  /** A printed book arrives within 10 business days of payment ("7-10 business days"): 3 on the road after shipping. */
  printedArriveBusinessDays: PRINTED_DELIVERY.arrivesByBusinessDays,
  changeAnswerHours: 48,
  /** A payment that needs an owner's look, and an e-mail that could not be sent: within a working day. */
  attentionHours: 24,
} as const;

/**
 * How long after paying a parent may still correct the book's details or cancel it with a full
 * refund from the order page, provided the studio has not started on it meanwhile.
 */
export const PAID_ORDER_CHANGE_HOURS = 12;

export function findPlan(format: string): Plan | undefined {
  return PLANS.find((plan) => plan.format === format);
}

/** The plan of a format already known to be one (a stored or validated order's). */
export function planFor(format: BookFormat): Plan {
  const plan = findPlan(format);
  if (!plan) throw new Error(`No plan for book format ${format}`);
  return plan;
}

/** How a lesson reads (its label), or the stored value itself for one the catalogue no longer offers. */
export function lessonLabel(value: string): string {
  return LIFE_LESSONS.find((lesson) => lesson.value === value)?.label ?? value;
}

export function isLifeLesson(value: string): boolean {
  return LIFE_LESSONS.some((lesson) => lesson.value === value);
}

export function isBookStyle(value: string): boolean {
  return BOOK_STYLES.some((style) => style.value === value);
}

export function isShippingCountry(value: string): boolean {
  return SHIPPING_COUNTRIES.includes(value);
}
