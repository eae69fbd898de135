import { useLocation } from 'react-router-dom';

import { findPublicPage } from '../public-pages';
import { HeadMeta, HeadTitle } from './head';
import { SITE_NAME } from './PageMeta';

/** The page's <title> (kept in <head>, see ./head); a public page's share card (see PageMeta) takes the same title. */
export function PageTitle({ children }: { children: string }) {
  const title = `${children} | ${SITE_NAME}`;
  const shared = Boolean(findPublicPage(useLocation().pathname));
  return (
    <>
      <HeadTitle>{title}</HeadTitle>
      {shared && <HeadMeta property="og:title" content={title} />}
    </>
  );
}
