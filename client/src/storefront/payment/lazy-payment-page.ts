import { lazyPage } from '../../ui/lazy-page';

/**
 * The payment page, in a chunk of its own (routes.tsx). The order form asks for it while its
 * overlay is up, so that the page renders the moment it is opened instead of its spinner.
 */
export const PaymentPage = lazyPage(() => import('./PaymentPage'), 'PaymentPage', { apollo: true });
