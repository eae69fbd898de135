import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';

import { Spinner } from '../ui/Spinner';
import { AdminSessionProvider } from './session/AdminSessionProvider';
import './admin.css';

/** The admin portal's frame: one session for its pages, and none of the storefront's chrome. */
export function AdminRoot() {
  return (
    <AdminSessionProvider>
      <div className="admin">
        <Suspense fallback={<Spinner label="Loading admin…" />}>
          <Outlet />
        </Suspense>
      </div>
    </AdminSessionProvider>
  );
}
