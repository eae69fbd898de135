import { useLocation } from 'react-router-dom';

import { findPublicPage } from '../public-pages';
import { siteOrigin } from '../site-data';

const DEFAULT_DESCRIPTION =
  'Personalized storybooks starring your child: a digital comic book within 24 hours or a printed hardcover in 7-10 business days.';

/**
 * The page's description and canonical link (React 19 hoists both into <head>), from the list
 * of public pages, so they are in the prerendered HTML and follow client-side navigation.
 * Pages that are not public (a payment, a video link, the 404 page) get no canonical link.
 */
export function PageMeta() {
  const { pathname } = useLocation();
  const page = findPublicPage(pathname);
  return (
    <>
      <meta name="description" content={page?.description ?? DEFAULT_DESCRIPTION} />
      {page && <link rel="canonical" href={`${siteOrigin()}${page.canonical}`} />}
    </>
  );
}
