import { formatCount } from '../../ui/en-us';

/** What the dashboard says about the list (spec section 2 and 8, "Admin dashboard"). */
export const LIST_MESSAGES = {
  loading: 'Loading orders...',
  empty: 'No orders found.',
  // A GraphQL error (the server answered, and refused).
  failed: 'Failed to fetch orders',
  // No answer at all (network, server down).
  error: 'An error occurred while fetching orders',
} as const;

/** "1 order", "1,234 orders", or "More than 1,000 orders" when the count stopped short of every match. */
export function ordersCountText(total: { count: number; exact: boolean }): string {
  const n = formatCount(total.count);
  if (!total.exact) return `More than ${n} orders`;
  return `${n} ${total.count === 1 ? 'order' : 'orders'}`;
}
