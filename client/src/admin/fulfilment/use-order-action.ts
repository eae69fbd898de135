import { useState } from 'react';

import { useAdminSession } from '../session/admin-session-context';
import { isUnauthenticated } from '../session/is-unauthenticated';

/** The dashboard's list query: refreshed after every action, so the row shows the new status. */
export const REFRESH_AFTER_ACTION = ['AdminOrders'];

export interface ActionError {
  /** The input at fault, as the server names it (carrier, trackingNumber, reason), if any. */
  field: string | null;
  message: string;
}

type Payload = { order?: unknown; userErrors: ReadonlyArray<{ field?: string | null; message: string }> } | null | undefined;

/**
 * Runs one admin action and says how it went: the server's refusal (userErrors) as it worded it,
 * `failed` when nothing came back, `error` when the request itself failed; an expired session
 * signs the admin out instead.
 */
export function useOrderAction(messages: { failed: string; error: string }) {
  const { expire } = useAdminSession();
  const [error, setError] = useState<ActionError | null>(null);

  async function run(perform: () => Promise<Payload>): Promise<boolean> {
    setError(null);
    try {
      const payload = await perform();
      const refusal = payload?.userErrors[0];
      if (refusal) setError({ field: refusal.field ?? null, message: refusal.message });
      else if (!payload?.order) setError({ field: null, message: messages.failed });
      else return true;
    } catch (caught) {
      if (isUnauthenticated(caught)) expire();
      else setError({ field: null, message: messages.error });
    }
    return false;
  }

  return { run, error, clearError: () => setError(null) };
}
