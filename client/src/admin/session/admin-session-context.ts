import { createContext, useContext } from 'react';

export type AdminRole = 'OWNER' | 'STUDIO';

export interface AdminUser {
  id: string;
  email: string;
  /** OWNER runs the shop (refunds, cancelling, the team, the export); STUDIO works orders. */
  role: AdminRole;
}

export type LoginResult = { ok: true } | { ok: false; message: string };

/** The spec's session context: currentUser, loading, error; login and logout. */
export interface AdminSession {
  currentUser: AdminUser | null;
  /** On while the session is first read, and while a sign-in or sign-out runs. */
  loading: boolean;
  /** False until the server has said whether anyone is signed in. */
  checked: boolean;
  /** The last failed sign-in or sign-out (or an expired session), for the page to show. */
  error: string | null;
  login(email: string, password: string): Promise<LoginResult>;
  logout(): Promise<boolean>;
  /** The server no longer knows the session (UNAUTHENTICATED): forget it and its data. */
  expire(): void;
  /** Another page signed this admin in (an accepted invitation): the server has set the cookie. */
  signedIn(user: AdminUser): void;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/**
 * Whether the signed-in admin may do what only an owner may. The portal hides those controls from
 * STUDIO; the server refuses them whatever the page shows.
 */
export function useIsOwner(): boolean {
  return useAdminSession().currentUser?.role === 'OWNER';
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return session;
}
