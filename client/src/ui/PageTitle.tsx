import { useLocation } from 'react-router-dom';

import { findPublicPage } from '../public-pages';
import { SITE_NAME } from './PageMeta';

/** React 19 hoists <title> into <head>; a public page's share card (see PageMeta) takes the same title. */
export function PageTitle({ children }: { children: string }) {
  const title = `${children} | ${SITE_NAME}`;
  const shared = Boolean(findPublicPage(useLocation().pathname));
  return (
    <>
      <title>{title}</title>
      {shared && <meta property="og:title" content={title} />}
    </>
  );
}
