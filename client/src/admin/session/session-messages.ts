/** What the admin sees when signing in or out goes wrong (spec section 8, "Admin"). */
export const SESSION_MESSAGES = {
  bothRequired: 'Please enter both email and password',
  loginFailed: 'Failed to login',
  loginError: 'An error occurred during login',
  // Not in the spec, which only says a failed sign-out sets the shared error.
  logoutFailed: 'Failed to logout',
  expired: 'Your session has expired. Please log in again.',
} as const;
