/**
 * The build's server-side half (built by `vite build --ssr`, run by scripts/prerender.mjs):
 * renders a storefront path to HTML with a static router, waiting for its lazy chunks, from the
 * same routes the browser hydrates. The catalogue comes from the server's own module, the one
 * source of truth for plans and prices.
 */
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router-dom';

import {
  BOOK_STYLES,
  CURRENCY,
  FAMILY_DISCOUNT,
  LIFE_LESSONS,
  LIMITS,
  PLANS,
  PRINTED_DELIVERY,
  SHIPPING_COUNTRIES,
} from '../../../server/src/catalogue/catalogue';
import { SHIPPING_DESTINATIONS } from '../../../server/src/catalogue/shipping-destinations';
import { AppRoutes, routes } from '../routes';
import { provideSiteData, PUBLIC_URL_PLACEHOLDER, type SiteData } from '../site-data';
import { collectHeadTags } from '../ui/head';
import { ShellPlaceholder } from '../ui/ShellPlaceholder';
import { renderWhole } from './render-whole';

export { PUBLIC_PAGES } from '../public-pages';
export { CLIENT_ROUTE_CHUNKS, PRERENDERED_PAGE_CHUNKS, PROVIDER_FORM_CHUNKS } from './client-route-chunks';
export { routeQueries } from './client-route-queries';
export { chunksBeyondEntry } from './manifest-chunks';
export { shellPreloads } from './shell-preloads';
export { PAGE_CODE_LOADER, withLoader } from './page-code-loader';
export { PIXEL_ID_PLACEHOLDER, PUBLIC_URL_PLACEHOLDER, SITE_DATA_ELEMENT_ID } from '../site-data';
export { ROUTE_DATA_ELEMENT_ID } from '../route-data-block';
export { earlyCheckoutScript } from '../storefront/payment/early-checkout';

/** The catalogue as the `catalogue` query answers it (see the server's catalogue resolver). */
export function siteDataForBuild(): SiteData {
  return {
    publicUrl: PUBLIC_URL_PLACEHOLDER,
    pixelId: null,
    catalogue: {
      __typename: 'Catalogue',
      currency: CURRENCY,
      plans: PLANS.map((plan) => ({ __typename: 'Plan', ...plan, features: [...plan.features] })),
      lifeLessons: LIFE_LESSONS.map((lesson) => ({ __typename: 'LifeLesson', ...lesson })),
      bookStyles: BOOK_STYLES.map((style) => ({ __typename: 'BookStyleOption', ...style })),
      shippingCountries: [...SHIPPING_COUNTRIES],
      shippingDestinations: SHIPPING_DESTINATIONS.map((destination) => ({
        __typename: 'ShippingDestination',
        ...destination,
        regions: destination.regions.map((region) => ({ __typename: 'ShippingRegion', ...region })),
      })),
      printedDelivery: { __typename: 'PrintedDelivery', ...PRINTED_DELIVERY },
      familyDiscount: { __typename: 'FamilyDiscount', ...FAMILY_DISCOUNT },
      limits: { __typename: 'OrderLimits', ...LIMITS, photoTypes: [...LIMITS.photoTypes] },
    },
  };
}

/** Every route path the client knows (`/video/:token`), the catch-all excepted. */
export function routePatterns(): string[] {
  const found: string[] = [];
  const walk = (list: typeof routes, prefix: string) => {
    for (const route of list) {
      const own = route.index ? prefix : route.path ? `${prefix.replace(/\/$/, '')}/${route.path}` : prefix;
      if (route.path !== '*' && (route.index || route.path)) found.push(own || '/');
      if (route.children) walk(route.children, own || '/');
    }
  };
  walk(routes, '');
  return [...new Set(found)];
}

/** The shell's #root: the placeholder the app renders over (ui/ShellPlaceholder.tsx). */
export function renderShellPlaceholder(): Promise<string> {
  return renderWhole(<ShellPlaceholder />);
}

/** The HTML of `path` inside #root, led by the <title>, <meta> and <link> tags its <head> takes (see ui/head.tsx). */
export async function renderPage(path: string, data: SiteData): Promise<string> {
  provideSiteData(data);
  const html = await collectHeadTags(() =>
    renderWhole(
      <StrictMode>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </StrictMode>,
    ),
  );
  // A part rendered apart comes as hidden markup plus an inline script to reveal it: hidden
  // without JavaScript, and refused by the Content-Security-Policy. The page must come whole.
  if (/<template id="B:|\$RC|<script/.test(html)) throw new Error(`${path}: part of the page was still loading when prerendered`);
  return html;
}
