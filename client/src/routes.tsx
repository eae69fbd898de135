import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

import { HomePage } from './storefront/home/HomePage';
import { NotFoundPage } from './storefront/NotFoundPage';
import { Layout } from './ui/Layout';
import { RouteErrorPage } from './ui/RouteErrorPage';
import { Spinner } from './ui/Spinner';

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
// The parent's page for a delivered video (linked from the delivery e-mail).
const VideoPage = lazy(() => import('./storefront/video/VideoPage').then((m) => ({ default: m.VideoPage })));

function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading…" />}>{children}</Suspense>;
}

// Admin code lives in one lazily loaded chunk: the frame and both pages come from the same module.
const AdminRoot = lazy(() => import('./admin').then((m) => ({ default: m.AdminRoot })));
const AdminLoginPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminLoginPage })));
const AdminDashboardPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminDashboardPage })));
const AdminsPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminsPage })));
const AdminInvitePage = lazy(() => import('./admin').then((m) => ({ default: m.AdminInvitePage })));

function AdminSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading admin…" />}>{children}</Suspense>;
}

/** Paths that show the home page unchanged (spec section 2). */
const HOME_ALIASES = ['contact', 'testimonials', 'blog', 'blog/:slug', 'values/:value', 'age/:ageGroup'] as const;

/** Paths that show the home page, then scroll to the section with the same id. */
const HOME_SECTIONS = ['how-it-works', 'pricing', 'samples'] as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
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
        path: 'video/:token',
        element: (
          <PageSuspense>
            <VideoPage />
          </PageSuspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
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
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <AdminLoginPage /> },
      { path: 'dashboard', element: <AdminDashboardPage /> },
      { path: 'admins', element: <AdminsPage /> },
      { path: 'invite/:token', element: <AdminInvitePage /> },
    ],
  },
];
