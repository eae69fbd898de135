/** What the dashboard says about the list (spec section 2 and 8, "Admin dashboard"). */
export const LIST_MESSAGES = {
  loading: 'Loading orders...',
  empty: 'No orders found.',
  // A GraphQL error (the server answered, and refused).
  failed: 'Failed to fetch orders',
  // No answer at all (network, server down).
  error: 'An error occurred while fetching orders',
} as const;
