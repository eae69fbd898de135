/**
 * The storefront's public pages: the ones prerendered to static HTML at build time, listed in
 * sitemap.xml, each with its description and canonical address. One list: the prerender step
 * renders these paths and tells the server about them (client/dist/routes.json), and the page
 * head (ui/PageMeta.tsx) takes the description and canonical link from here on every navigation.
 */

import { ORDER_MINUTES_WORDS } from './ui/order-time';

export interface PublicPage {
  path: string;
  description: string;
  /** The address search engines should index for this page (aliases point at the page they show). */
  canonical: string;
  /** Its first render reads the query string: with one, the browser renders it instead of hydrating. */
  readsQuery?: boolean;
}

const HOME_DESCRIPTION =
  'Personalized storybooks starring your child: upload a photo, pick a life lesson, and get a digital comic book within 24 hours or a printed hardcover in 7-10 business days.';

const home = (path: string): PublicPage => ({ path, description: HOME_DESCRIPTION, canonical: '/' });

export const PUBLIC_PAGES: readonly PublicPage[] = [
  home('/'),
  // Home page aliases and sections show the home page.
  ...['/how-it-works', '/pricing', '/samples', '/contact', '/testimonials', '/blog'].map(home),
  {
    path: '/create',
    description: `Create your child's personalized storybook in about ${ORDER_MINUTES_WORDS}: their name, a photo, a life lesson, digital or printed.`,
    canonical: '/create',
    readsQuery: true,
  },
  {
    path: '/faq',
    description:
      'Answers about our personalized storybooks: how the photo is used and deleted, delivery times, printing, shipping and refunds.',
    canonical: '/faq',
  },
  {
    path: '/about',
    description:
      'Who makes Storybook Shop: a small team of illustrators and writers who turn children into the heroes of their own stories.',
    canonical: '/about',
  },
  {
    path: '/process',
    description:
      'How a personalized storybook is made, from your photo and chosen life lesson to the illustrated pages we deliver.',
    canonical: '/process',
  },
  {
    path: '/benefits',
    description: 'Why a storybook starring your child helps: reading motivation, confidence and life lessons children remember.',
    canonical: '/benefits',
  },
  {
    path: '/privacy',
    description:
      "How Storybook Shop handles your family's data: what we keep, why, for how long, and when your child's photo is deleted.",
    canonical: '/privacy',
  },
  {
    path: '/cookies',
    description:
      "How Storybook Shop handles your family's data: what we keep, why, for how long, and when your child's photo is deleted.",
    canonical: '/privacy',
  },
  {
    path: '/terms',
    description:
      'The terms of sale for Storybook Shop: orders, payment, delivery of digital and printed books, refunds and your rights.',
    canonical: '/terms',
  },
];

/** The page at `pathname` (exact, ignoring a trailing slash and case), if it is a public one. */
export function findPublicPage(pathname: string): PublicPage | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : '/';
  return PUBLIC_PAGES.find((page) => page.path === normalised);
}
