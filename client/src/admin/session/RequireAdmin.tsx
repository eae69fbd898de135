import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { Spinner } from '../../ui/Spinner';
import { useAdminSession } from './admin-session-context';

/** Admin-only pages: a spinner while the session is read, then the page or the login form. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { checked, currentUser } = useAdminSession();
  if (!checked) return <Spinner label="Checking your session…" />;
  if (!currentUser) return <Navigate to="/admin" replace />;
  return children;
}
