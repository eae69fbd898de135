import { useApolloClient } from '@apollo/client/react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';

import { useRouteData } from '../../route-data';
import type { AdminMeQuery } from '../../gql/graphql';
import { type AdminSession, AdminSessionContext, type AdminUser, type LoginResult } from './admin-session-context';
import { SESSION_MESSAGES } from './session-messages';
import { LOGIN_MUTATION, LOGOUT_MUTATION, ME_QUERY } from './session-operations';

const adminOf = (data: AdminMeQuery | null | undefined): AdminUser | null =>
  data?.me ? { id: data.me.id, email: data.me.email, role: data.me.role } : null;

/**
 * Holds who is signed in to the admin portal. The server's httpOnly cookie is the session; this
 * only mirrors it: `me` on mount (answered in the page the server sent, when it was opened at an
 * admin address, or else asked for), then whatever login, logout or an UNAUTHENTICATED answer
 * says. Ending the session also empties Apollo's cache, so no order data outlives it in the tab.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const fromPage = useRouteData(ME_QUERY, {});
  // Known from the first render when the page came with the answer: no spinner, no round trip.
  const [known] = useState(() => (fromPage ? { user: adminOf(client.readQuery({ query: ME_QUERY })) } : null));
  const [currentUser, setCurrentUser] = useState<AdminUser | null>(known?.user ?? null);
  const [checked, setChecked] = useState(known !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (known) return undefined;
    let live = true;
    client
      .query({ query: ME_QUERY, fetchPolicy: 'network-only' })
      .then(({ data }) => live && setCurrentUser(adminOf(data)))
      // Cannot tell: treat as signed out; signing in will say what is wrong.
      .catch(() => live && setCurrentUser(null))
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [client, known]);

  const login = useCallback(
    async (email: string, password: string): Promise<LoginResult> => {
      setBusy(true);
      setError(null);
      let result: LoginResult;
      try {
        const { data } = await client.mutate({ mutation: LOGIN_MUTATION, variables: { email, password } });
        const payload = data?.login;
        const refusal = payload?.userErrors[0];
        if (refusal) result = { ok: false, message: refusal.message };
        else if (!payload?.admin) result = { ok: false, message: SESSION_MESSAGES.loginFailed };
        else {
          setCurrentUser({ id: payload.admin.id, email: payload.admin.email, role: payload.admin.role });
          result = { ok: true };
        }
      } catch {
        // Network failures and GraphQL errors alike: nothing more useful to say.
        result = { ok: false, message: SESSION_MESSAGES.loginError };
      }
      if (!result.ok) setError(result.message);
      setBusy(false);
      return result;
    },
    [client],
  );

  const signedIn = useCallback((user: AdminUser) => {
    setError(null);
    setCurrentUser(user);
    setChecked(true);
  }, []);

  const forget = useCallback(() => {
    setCurrentUser(null);
    // Without refetching anything: the pages that asked are about to leave.
    void client.clearStore();
  }, [client]);

  const logout = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.mutate({ mutation: LOGOUT_MUTATION });
      if (!data?.logout) throw new Error('logout returned false');
    } catch {
      setError(SESSION_MESSAGES.logoutFailed);
      setBusy(false);
      return false;
    }
    forget();
    setBusy(false);
    return true;
  }, [client, forget]);

  const expire = useCallback(() => {
    setError(SESSION_MESSAGES.expired);
    forget();
  }, [forget]);

  const session = useMemo<AdminSession>(
    () => ({ currentUser, loading: !checked || busy, checked, error, login, logout, expire, signedIn }),
    [currentUser, checked, busy, error, login, logout, expire, signedIn],
  );

  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}
