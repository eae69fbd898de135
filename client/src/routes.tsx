import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';

import { HomePage } from './storefront/home/HomePage';
import { Layout } from './ui/Layout';
import { MarkHydrated } from './ui/MarkHydrated';
import { RestoreScrollOnLoad } from './ui/RestoreScrollOnLoad';
import { RouteErrorBoundary } from './ui/RouteErrorBoundary';
import { Spinner } from './ui/Spinner';
import { WithApollo } from './ui/WithApollo';

// The home page is in the first load; every other page is its own chunk, fetched when visited,
// so a visitor to / downloads neither the order form nor the policies nor any admin code.
const CreatePage = lazy(() => import('./storefront/create/CreatePage').then((m) => ({ default: m.CreatePage })));
const PaymentPage = lazy(() => import('./storefront/payment/PaymentPage').then((m) => ({ default: m.PaymentPage })));
const PaymentSuccessPage = lazy(() =>
  import('./storefront/payment/PaymentSuccessPage').then((m) => ({ default: m.PaymentSuccessPage })),
);
const FaqPage = lazy(() => import('./storefront/info/FaqPage').then((m) => ({ default: m.FaqPage })));
const AboutPage = lazy(() => import('./storefront/info/AboutPage').then((m) => ({ default: m.AboutPage })));
const ProcessPage = lazy(() => import('./storefront/info/ProcessPage').then((m) => ({ default: m.ProcessPage })));
const BenefitsPage = lazy(() => import('./storefront/info/BenefitsPage').then((m) => ({ default: m.BenefitsPage })));
const PrivacyPage = lazy(() => import('./storefront/info/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./storefront/info/TermsPage').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() => import('./storefront/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
// The parent's private order page (linked from every e-mail about the order; the older
// /video/ links of delivery e-mails open it too) and Find my order.
const OrderPage = lazy(() => import('./storefront/order/OrderPage').then((m) => ({ default: m.OrderPage })));
const ReceiptPage = lazy(() => import('./storefront/order/ReceiptPage').then((m) => ({ default: m.ReceiptPage })));
const FindOrderPage = lazy(() => import('./storefront/order/FindOrderPage').then((m) => ({ default: m.FindOrderPage })));

/**
 * A lazy page with Apollo Client loaded beside it (the home page and the info pages, which do
 * not query, go without: `apollo={false}`). Server-rendered HTML stays in place until both are
 * in. Once the page has rendered, a returning visit's scroll position is restored again: the
 * frame restored it while the spinner stood in for the page.
 */
function PageSuspense({ children, apollo = true }: { children: ReactNode; apollo?: boolean }) {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      {apollo ? <WithApollo>{children}</WithApollo> : children}
      <RestoreScrollOnLoad />
      <MarkHydrated />
    </Suspense>
  );
}

// Admin code lives in one lazily loaded chunk: the frame and both pages come from the same module.
const AdminRoot = lazy(() => import('./admin').then((m) => ({ default: m.AdminRoot })));
const AdminLoginPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminLoginPage })));
const AdminDashboardPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminDashboardPage })));
const AdminsPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminsPage })));
const AdminInvitePage = lazy(() => import('./admin').then((m) => ({ default: m.AdminInvitePage })));
const WorkQueuePage = lazy(() => import('./admin').then((m) => ({ default: m.WorkQueuePage })));
const DiscountCodesPage = lazy(() => import('./admin').then((m) => ({ default: m.DiscountCodesPage })));
const ContactMessagesPage = lazy(() => import('./admin').then((m) => ({ default: m.ContactMessagesPage })));

function AdminSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading admin…" />}>
      <WithApollo>{children}</WithApollo>
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
          <PageSuspense apollo={false}>
            <PrivacyPage />
          </PageSuspense>
        ),
      },
      {
        path: 'cookies',
        element: (
          <PageSuspense apollo={false}>
            <PrivacyPage />
          </PageSuspense>
        ),
      },
      {
        path: 'terms',
        element: (
          <PageSuspense apollo={false}>
            <TermsPage />
          </PageSuspense>
        ),
      },
      {
        path: 'faq',
        element: (
          <PageSuspense apollo={false}>
            <FaqPage />
          </PageSuspense>
        ),
      },
      {
        path: 'about',
        element: (
          <PageSuspense apollo={false}>
            <AboutPage />
          </PageSuspense>
        ),
      },
      {
        path: 'process',
        element: (
          <PageSuspense apollo={false}>
            <ProcessPage />
          </PageSuspense>
        ),
      },
      {
        path: 'benefits',
        element: (
          <PageSuspense apollo={false}>
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
          <PageSuspense apollo={false}>
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
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
