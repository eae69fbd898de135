/** How the portal names the roles, with what each may do. */
export const ROLE_LABELS = { OWNER: 'Owner', STUDIO: 'Studio' } as const;
export const ROLE_HINTS = {
  OWNER: 'Everything: orders, refunds, cancelling, the team and the CSV export.',
  STUDIO: 'Works orders: files, change requests and shipping. No refunds, team or export.',
} as const;

/** What the Admins screen and the invite page say; the server's refusals carry their own text. */
export const ADMINS_MESSAGES = {
  loadFailed: 'The admins could not be loaded. Please try again.',
  failed: 'Something went wrong. Please try again.',
  emailRequired: 'Please enter an email address.',
  passwordsDiffer: 'The two passwords do not match.',
  passwordChanged: 'Your password is changed. Your other sessions are signed out.',
  copied: 'Link copied.',
  invitationRevoked: 'The invitation is revoked: its link no longer works.',
  invitationsLoadFailed: 'The invitations could not be loaded. Please try again.',
  roleChanged: (email: string, role: string) => `${email} is now ${ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role}.`,
  invitationInvalid: 'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
} as const;
