import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

import { CreatePage } from './storefront/create/CreatePage';
import { HomePage } from './storefront/home/HomePage';
import { AboutPage } from './storefront/info/AboutPage';
import { BenefitsPage } from './storefront/info/BenefitsPage';
import { FaqPage } from './storefront/info/FaqPage';
import { PrivacyPage } from './storefront/info/PrivacyPage';
import { ProcessPage } from './storefront/info/ProcessPage';
import { TermsPage } from './storefront/info/TermsPage';
import { NotFoundPage } from './storefront/NotFoundPage';
import { PaymentPage } from './storefront/payment/PaymentPage';
import { PaymentSuccessPage } from './storefront/payment/PaymentSuccessPage';
import { Layout } from './ui/Layout';
import { RouteErrorPage } from './ui/RouteErrorPage';
import { Spinner } from './ui/Spinner';

// Admin code lives in one lazily loaded chunk: both pages come from the same module.
const AdminLoginPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminLoginPage })));
const AdminDashboardPage = lazy(() => import('./admin').then((m) => ({ default: m.AdminDashboardPage })));

function AdminSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading admin…" />}>{children}</Suspense>;
}

/** Paths that show the home page unchanged (spec section 2). */
const HOME_ALIASES = [
  'contact',
  'testimonials',
  'blog',
  'blog/:slug',
  'values/:value',
  'age/:ageGroup',
] as const;

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
      { path: 'create', element: <CreatePage /> },
      { path: 'payment', element: <PaymentPage /> },
      { path: 'payment-success', element: <PaymentSuccessPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'cookies', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'process', element: <ProcessPage /> },
      { path: 'benefits', element: <BenefitsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'admin',
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: (
          <AdminSuspense>
            <AdminLoginPage />
          </AdminSuspense>
        ),
      },
      {
        path: 'dashboard',
        element: (
          <AdminSuspense>
            <AdminDashboardPage />
          </AdminSuspense>
        ),
      },
    ],
  },
];
