/** The fewest characters a password may have: the admin's, and the first admin's from ADMIN_PASSWORD. */
export const MIN_PASSWORD_LENGTH = 12;
