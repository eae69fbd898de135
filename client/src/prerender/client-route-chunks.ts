import type { PaymentProviderName } from '../gql/graphql';

/**
 * The code each page only the browser renders needs beside the entry, by its source path (as the
 * build's manifest names it, from the client folder): the build lists each route's chunks and the
 * chunks they import in routes.json, and the server names them in the shell's `Link:
 * rel=modulepreload` header, so the browser fetches them with the entry rather than after it has
 * run. The lazy imports in routes.tsx say the same: the build fails when a module here is not one
 * of its chunks, and when a route the browser renders is missing here (client/scripts/prerender.mjs).
 */
const APOLLO = 'src/apollo-provider.tsx';
const ADMIN = ['src/admin/index.ts', APOLLO];
const ORDER_PAGE = ['src/storefront/order/OrderPage.tsx', APOLLO];

const HOME_PAGE = ['src/storefront/home/HomeSections.tsx'];

export const CLIENT_ROUTE_CHUNKS: Record<string, string[]> = {
  // Addresses of the home page that are not prerendered: the entry, and the sections below the fold.
  '/blog/:slug': HOME_PAGE,
  '/values/:value': HOME_PAGE,
  '/age/:ageGroup': HOME_PAGE,
  '/payment': ['src/storefront/payment/PaymentPage.tsx', APOLLO],
  '/payment-success': ['src/storefront/payment/PaymentSuccessPage.tsx', APOLLO],
  '/order': ['src/storefront/order/FindOrderPage.tsx', APOLLO],
  '/order/:token': ORDER_PAGE,
  '/video/:token': ORDER_PAGE,
  '/receipt/:orderId/:signature': ['src/storefront/order/ReceiptPage.tsx', APOLLO],
  '/admin': ADMIN,
  '/admin/dashboard': ADMIN,
  '/admin/queue': ADMIN,
  '/admin/admins': ADMIN,
  '/admin/discounts': ADMIN,
  '/admin/messages': ADMIN,
  '/admin/invite/:token': ADMIN,
};

/** What every page loads once it has hydrated: the cookie banner (ui/Layout.tsx). */
const EVERY_PAGE = ['src/ui/ConsentBanner.tsx'];
const INFO_PAGE = (module: string) => [`src/storefront/info/${module}.tsx`, ...EVERY_PAGE];

/**
 * The same for each prerendered page (src/public-pages.ts), and the 404 page (`*`): the build names
 * these with the entry in the page's loader (page-code-loader.ts), so the page's own chunks arrive
 * with the entry instead of one round trip after it. The build fails when a page is missing here.
 */
export const PRERENDERED_PAGE_CHUNKS: Record<string, string[]> = {
  ...Object.fromEntries(
    ['/', '/how-it-works', '/pricing', '/samples', '/contact', '/testimonials', '/blog'].map((path) => [
      path,
      [...HOME_PAGE, ...EVERY_PAGE],
    ]),
  ),
  '/create': ['src/storefront/create/CreatePage.tsx', 'src/storefront/create/draft/draft-store.ts', ...EVERY_PAGE],
  '/faq': INFO_PAGE('FaqPage'),
  '/about': INFO_PAGE('AboutPage'),
  '/process': INFO_PAGE('ProcessPage'),
  '/benefits': INFO_PAGE('BenefitsPage'),
  '/privacy': INFO_PAGE('PrivacyPage'),
  '/cookies': INFO_PAGE('PrivacyPage'),
  '/terms': INFO_PAGE('TermsPage'),
  '*': ['src/storefront/NotFoundPage.tsx', ...EVERY_PAGE],
};

/**
 * The code of each payment provider's form on the payment page. The page loads it once the
 * payment's start names that provider (PaymentMethods.tsx); the page's HTML has the browser fetch
 * it as soon as that answer comes (early-checkout.ts). The build fails when a module here is not
 * one of its chunks.
 */
export const PROVIDER_FORM_CHUNKS: Partial<Record<PaymentProviderName, string[]>> = {
  stripe: ['src/storefront/payment/StripePaymentForm.tsx'],
};
