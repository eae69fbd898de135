import { useLocation } from 'react-router-dom';

import shareCard from '../assets/share-card.jpg';
import { findPublicPage } from '../public-pages';
import { siteOrigin } from '../site-data';
import { HeadLink, HeadMeta } from './head';

const DEFAULT_DESCRIPTION =
  'Personalized storybooks starring your child: a digital comic book within 24 hours or a printed hardcover in 7-10 business days.';

export const SITE_NAME = 'Storybook Shop';

/** What the share card (assets/share-card.svg, rendered by scripts/share-card.mjs) shows. */
const SHARE_CARD = {
  width: 1200,
  height: 630,
  alt: 'Storybook Shop: a storybook where your child is the hero. An open book with a smiling child on its page.',
};

/**
 * The page's description and canonical link (kept in <head>, see ./head), from the list
 * of public pages, so they are in the prerendered HTML and follow client-side navigation.
 * A public page also gets its share card: the Open Graph tags link previews read (Facebook,
 * WhatsApp, iMessage, Slack), with Twitter's large-image card, which takes the rest from them.
 * Pages that are not public (a payment, a video link, the 404 page) get neither.
 */
export function PageMeta() {
  const { pathname } = useLocation();
  const page = findPublicPage(pathname);
  const origin = siteOrigin();
  return (
    <>
      <HeadMeta name="description" content={page?.description ?? DEFAULT_DESCRIPTION} />
      {page && (
        <>
          <HeadLink rel="canonical" href={`${origin}${page.canonical}`} />
          <HeadMeta property="og:type" content="website" />
          <HeadMeta property="og:site_name" content={SITE_NAME} />
          <HeadMeta property="og:locale" content="en_US" />
          <HeadMeta property="og:url" content={`${origin}${page.canonical}`} />
          <HeadMeta property="og:description" content={page.description} />
          <HeadMeta property="og:image" content={`${origin}${shareCard}`} />
          <HeadMeta property="og:image:type" content="image/jpeg" />
          <HeadMeta property="og:image:width" content={String(SHARE_CARD.width)} />
          <HeadMeta property="og:image:height" content={String(SHARE_CARD.height)} />
          <HeadMeta property="og:image:alt" content={SHARE_CARD.alt} />
          <HeadMeta name="twitter:card" content="summary_large_image" />
          <HeadMeta name="twitter:image:alt" content={SHARE_CARD.alt} />
        </>
      )}
    </>
  );
}
