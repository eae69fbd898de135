import { useEffect, useState } from 'react';

import { useApolloClientLater } from '../../apollo-later';
import type { OrderFormCatalogueQuery } from '../../gql/graphql';
import { siteData } from '../../site-data';
import { ORDER_FORM_CATALOGUE_QUERY } from './order-form-operations';

export type OrderFormCatalogue = OrderFormCatalogueQuery['catalogue'];

export interface OrderFormCatalogueState {
  catalogue: OrderFormCatalogue | null;
  /** Asked of the server and not answered yet. */
  loading: boolean;
  /** Asks the server again, after a failure. */
  retry(): void;
}

/**
 * The catalogue the order form offers. Every page the shop serves carries it (site-data.ts): the
 * form renders from it at once, the prerendered form hydrates with exactly what the build
 * rendered, and the page's first load needs no Apollo Client. Where a page has none (the
 * development server), it is asked of the server, Apollo Client loaded for the question.
 */
export function useOrderFormCatalogue(): OrderFormCatalogueState {
  const embedded: OrderFormCatalogue | null = siteData()?.catalogue ?? null;
  const apollo = useApolloClientLater();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; catalogue: OrderFormCatalogue | null } | null>(null);

  useEffect(() => {
    if (embedded) return;
    let current = true;
    apollo()
      .then((client) =>
        client.query({ query: ORDER_FORM_CATALOGUE_QUERY, fetchPolicy: attempt === 0 ? 'cache-first' : 'network-only' }),
      )
      .then(
        ({ data }) => current && setAnswer({ attempt, catalogue: data?.catalogue ?? null }),
        () => current && setAnswer({ attempt, catalogue: null }),
      );
    return () => {
      current = false;
    };
  }, [embedded, apollo, attempt]);

  if (embedded) return { catalogue: embedded, loading: false, retry: () => undefined };
  return {
    catalogue: answer?.catalogue ?? null,
    loading: answer?.attempt !== attempt,
    retry: () => setAttempt((n) => n + 1),
  };
}
