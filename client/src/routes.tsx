import { Suspense, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';

import { useForgetRouteDataOnMove } from './route-data-block';
import { HomePage } from './storefront/home/HomePage';
import { PaymentPage } from './storefront/payment/lazy-payment-page';
import { AfterLoad } from './ui/lazy-component';
import { type LazyPage, lazyPage } from './ui/lazy-page';
import { Layout } from './ui/Layout';
import { MarkHydrated } from './ui/MarkHydrated';
import { RestoreScrollOnLoad } from './ui/RestoreScrollOnLoad';
import { RouteErrorBoundary } from './ui/RouteErrorBoundary';
import { Spinner } from './ui/Spinner';

// The home page is in the first load; every other page is its own chunk, fetched when visited,
// so a visitor to / downloads neither the order form nor the policies nor any admin code.
const CreatePage = lazyPage(() => import('./storefront/create/CreatePage'), 'CreatePage');
const PaymentSuccessPage = lazyPage(() => import('./storefront/payment/PaymentSuccessPage'), 'PaymentSuccessPage', {
  apollo: true,
});
const FaqPage = lazyPage(() => import('./storefront/info/FaqPage'), 'FaqPage');
const AboutPage = lazyPage(() => import('./storefront/info/AboutPage'), 'AboutPage');
const ProcessPage = lazyPage(() => import('./storefront/info/ProcessPage'), 'ProcessPage');
const BenefitsPage = lazyPage(() => import('./storefront/info/BenefitsPage'), 'BenefitsPage');
const PrivacyPage = lazyPage(() => import('./storefront/info/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('./storefront/info/TermsPage'), 'TermsPage');
const NotFoundPage = lazyPage(() => import('./storefront/NotFoundPage'), 'NotFoundPage');
// The parent's private order page (linked from every e-mail about the order; the older
// /video/ links of delivery e-mails open it too) and Find my order.
const OrderPage = lazyPage(() => import('./storefront/order/OrderPage'), 'OrderPage', { apollo: true });
const ReceiptPage = lazyPage(() => import('./storefront/order/ReceiptPage'), 'ReceiptPage', { apollo: true });
const FindOrderPage = lazyPage(() => import('./storefront/order/FindOrderPage'), 'FindOrderPage', { apollo: true });

/**
 * What a lazy page renders after itself once it has rendered with its code (see AfterLoad): a
 * returning visit's scroll position restored again (the frame restored it while the spinner stood
 * in for the page), and the mark that the page the browser opened on answers input.
 */
const PAGE_RENDERED = (
  <>
    <RestoreScrollOnLoad />
    <MarkHydrated />
  </>
);

/** A lazy page (see lazyPage). Server-rendered HTML stays in place until it is in. */
function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <AfterLoad value={PAGE_RENDERED}>{children}</AfterLoad>
    </Suspense>
  );
}

// Admin code lives in one lazily loaded chunk: the frame and its pages come from the same module.
// The frame provides Apollo Client to the pages.
const loadAdmin = () => import('./admin');
const AdminRoot = lazyPage(loadAdmin, 'AdminRoot', { apollo: true });
const AdminLoginPage = lazyPage(loadAdmin, 'AdminLoginPage');
const AdminDashboardPage = lazyPage(loadAdmin, 'AdminDashboardPage');
const AdminsPage = lazyPage(loadAdmin, 'AdminsPage');
const AdminInvitePage = lazyPage(loadAdmin, 'AdminInvitePage');
const WorkQueuePage = lazyPage(loadAdmin, 'WorkQueuePage');
const DiscountCodesPage = lazyPage(loadAdmin, 'DiscountCodesPage');
const ContactMessagesPage = lazyPage(loadAdmin, 'ContactMessagesPage');

function AdminSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading admin…" />}>
      <AfterLoad value={<MarkHydrated />}>{children}</AfterLoad>
    </Suspense>
  );
}

/** What a route keeps beside its element: the lazy page it shows, for loadRoutePages. */
interface PageHandle {
  page: LazyPage;
}

/** A storefront page at `path`, lazily loaded under the page's boundary. */
function pageRoute(path: string, Page: LazyPage): RouteObject {
  const handle: PageHandle = { page: Page };
  return {
    path,
    element: (
      <PageSuspense>
        <Page />
      </PageSuspense>
    ),
    handle,
  };
}

/** An admin page under the admin frame (whose boundary covers it). */
function adminRoute(path: string | null, Page: LazyPage): RouteObject {
  const handle: PageHandle = { page: Page };
  return path === null ? { index: true, element: <Page />, handle } : { path, element: <Page />, handle };
}

/** Paths that show the home page unchanged (spec section 2). */
const HOME_ALIASES = ['testimonials', 'blog', 'blog/:slug', 'values/:value', 'age/:ageGroup'] as const;

/** Paths that show the home page, then scroll to the section with the same id. */
const HOME_SECTIONS = ['how-it-works', 'pricing', 'samples', 'contact'] as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      ...HOME_SECTIONS.map((section) => ({ path: section, element: <HomePage scrollTo={section} /> })),
      ...HOME_ALIASES.map((path) => ({ path, element: <HomePage /> })),
      pageRoute('create', CreatePage),
      pageRoute('payment', PaymentPage),
      pageRoute('payment-success', PaymentSuccessPage),
      pageRoute('privacy', PrivacyPage),
      pageRoute('cookies', PrivacyPage),
      pageRoute('terms', TermsPage),
      pageRoute('faq', FaqPage),
      pageRoute('about', AboutPage),
      pageRoute('process', ProcessPage),
      pageRoute('benefits', BenefitsPage),
      pageRoute('order', FindOrderPage),
      pageRoute('receipt/:orderId/:signature', ReceiptPage),
      ...['order/:token', 'video/:token'].map((path) => pageRoute(path, OrderPage)),
      pageRoute('*', NotFoundPage),
    ],
  },
  {
    path: 'admin',
    // The session provider lives in the frame, so it survives moving between the two pages.
    element: (
      <AdminSuspense>
        <AdminRoot />
      </AdminSuspense>
    ),
    handle: { page: AdminRoot } satisfies PageHandle,
    children: [
      adminRoute(null, AdminLoginPage),
      adminRoute('dashboard', AdminDashboardPage),
      adminRoute('queue', WorkQueuePage),
      adminRoute('admins', AdminsPage),
      adminRoute('discounts', DiscountCodesPage),
      adminRoute('messages', ContactMessagesPage),
      adminRoute('invite/:token', AdminInvitePage),
    ],
  },
];

/**
 * Loads the code of every lazy page `pathname` shows: for an admin page, the admin frame and the
 * page inside it. A lazy page renders at once when its code is in; one whose code is not suspends,
 * and shows its spinner until the code comes. The shell renders its page once this
 * has settled (main.tsx). Rejects when one has failed: the page then shows the error page.
 */
export async function loadRoutePages(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle ? [handle.page.load()] : [];
  });
  await Promise.all(pages);
}

/**
 * The app's pages for the path in the router above (BrowserRouter in the browser, StaticRouter
 * when prerendering): plain routes, no data router, so its code stays out of the first load.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  useForgetRouteDataOnMove();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
