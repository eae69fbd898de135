import { useEffect } from 'react';

import { useAdminSession } from './admin-session-context';
import { isUnauthenticated } from './is-unauthenticated';

/** A query that fails with UNAUTHENTICATED ends the session here too, which sends the admin to /admin. */
export function useExpireOnUnauthenticated(error: unknown) {
  const { expire } = useAdminSession();
  const expired = isUnauthenticated(error);
  useEffect(() => {
    if (expired) expire();
  }, [expired, expire]);
  return expired;
}
