import { Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';

import { useForgetRouteDataOnMove } from './route-data-block';
import { HomePage } from './storefront/home/HomePage';
import { lazyPage } from './ui/lazy-page';
import { Layout } from './ui/Layout';
import { MarkHydrated } from './ui/MarkHydrated';
import { RestoreScrollOnLoad } from './ui/RestoreScrollOnLoad';
import { RouteErrorBoundary } from './ui/RouteErrorBoundary';
import { Spinner } from './ui/Spinner';

// The home page is in the first load; every other page is its own chunk, fetched when visited,
// so a visitor to / downloads neither the order form nor the policies nor any admin code.
const CreatePage = lazyPage(() => import('./storefront/create/CreatePage'), 'CreatePage');
const PaymentPage = lazyPage(() => import('./storefront/payment/PaymentPage'), 'PaymentPage');
const PaymentSuccessPage = lazyPage(() => import('./storefront/payment/PaymentSuccessPage'), 'PaymentSuccessPage');
const FaqPage = lazyPage(() => import('./storefront/info/FaqPage'), 'FaqPage', { apollo: false });
const AboutPage = lazyPage(() => import('./storefront/info/AboutPage'), 'AboutPage', { apollo: false });
const ProcessPage = lazyPage(() => import('./storefront/info/ProcessPage'), 'ProcessPage', { apollo: false });
const BenefitsPage = lazyPage(() => import('./storefront/info/BenefitsPage'), 'BenefitsPage', { apollo: false });
const PrivacyPage = lazyPage(() => import('./storefront/info/PrivacyPage'), 'PrivacyPage', { apollo: false });
const TermsPage = lazyPage(() => import('./storefront/info/TermsPage'), 'TermsPage', { apollo: false });
const NotFoundPage = lazyPage(() => import('./storefront/NotFoundPage'), 'NotFoundPage', { apollo: false });
// The parent's private order page (linked from every e-mail about the order; the older
// /video/ links of delivery e-mails open it too) and Find my order.
const OrderPage = lazyPage(() => import('./storefront/order/OrderPage'), 'OrderPage');
const ReceiptPage = lazyPage(() => import('./storefront/order/ReceiptPage'), 'ReceiptPage');
const FindOrderPage = lazyPage(() => import('./storefront/order/FindOrderPage'), 'FindOrderPage');

/**
 * A lazy page (see lazyPage). Server-rendered HTML stays in place until it is in. Once the page
 * has rendered, a returning visit's scroll position is restored again: the frame restored it
 * while the spinner stood in for the page.
 */
function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      {children}
      <RestoreScrollOnLoad />
      <MarkHydrated />
    </Suspense>
  );
}

// Admin code lives in one lazily loaded chunk: the frame and its pages come from the same module.
// The frame provides Apollo Client to the pages.
const loadAdmin = () => import('./admin');
const AdminRoot = lazyPage(loadAdmin, 'AdminRoot');
const AdminLoginPage = lazyPage(loadAdmin, 'AdminLoginPage', { apollo: false });
const AdminDashboardPage = lazyPage(loadAdmin, 'AdminDashboardPage', { apollo: false });
const AdminsPage = lazyPage(loadAdmin, 'AdminsPage', { apollo: false });
const AdminInvitePage = lazyPage(loadAdmin, 'AdminInvitePage', { apollo: false });
const WorkQueuePage = lazyPage(loadAdmin, 'WorkQueuePage', { apollo: false });
const DiscountCodesPage = lazyPage(loadAdmin, 'DiscountCodesPage', { apollo: false });
const ContactMessagesPage = lazyPage(loadAdmin, 'ContactMessagesPage', { apollo: false });

function AdminSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading admin…" />}>
      {children}
      <MarkHydrated />
    </Suspense>
  );
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
      {
        path: 'create',
        element: (
          <PageSuspense>
            <CreatePage />
          </PageSuspense>
        ),
      },
      {
        path: 'payment',
        element: (
          <PageSuspense>
            <PaymentPage />
          </PageSuspense>
        ),
      },
      {
        path: 'payment-success',
        element: (
          <PageSuspense>
            <PaymentSuccessPage />
          </PageSuspense>
        ),
      },
      {
        path: 'privacy',
        element: (
          <PageSuspense>
            <PrivacyPage />
          </PageSuspense>
        ),
      },
      {
        path: 'cookies',
        element: (
          <PageSuspense>
            <PrivacyPage />
          </PageSuspense>
        ),
      },
      {
        path: 'terms',
        element: (
          <PageSuspense>
            <TermsPage />
          </PageSuspense>
        ),
      },
      {
        path: 'faq',
        element: (
          <PageSuspense>
            <FaqPage />
          </PageSuspense>
        ),
      },
      {
        path: 'about',
        element: (
          <PageSuspense>
            <AboutPage />
          </PageSuspense>
        ),
      },
      {
        path: 'process',
        element: (
          <PageSuspense>
            <ProcessPage />
          </PageSuspense>
        ),
      },
      {
        path: 'benefits',
        element: (
          <PageSuspense>
            <BenefitsPage />
          </PageSuspense>
        ),
      },
      {
        path: 'order',
        element: (
          <PageSuspense>
            <FindOrderPage />
          </PageSuspense>
        ),
      },
      {
        path: 'receipt/:orderId/:signature',
        element: (
          <PageSuspense>
            <ReceiptPage />
          </PageSuspense>
        ),
      },
      ...['order/:token', 'video/:token'].map((path) => ({
        path,
        element: (
          <PageSuspense>
            <OrderPage />
          </PageSuspense>
        ),
      })),
      {
        path: '*',
        element: (
          <PageSuspense>
            <NotFoundPage />
          </PageSuspense>
        ),
      },
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
    children: [
      { index: true, element: <AdminLoginPage /> },
      { path: 'dashboard', element: <AdminDashboardPage /> },
      { path: 'queue', element: <WorkQueuePage /> },
      { path: 'admins', element: <AdminsPage /> },
      { path: 'discounts', element: <DiscountCodesPage /> },
      { path: 'messages', element: <ContactMessagesPage /> },
      { path: 'invite/:token', element: <AdminInvitePage /> },
    ],
  },
];

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
