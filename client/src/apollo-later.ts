/**
 * Apollo Client kept out of the storefront's first load: the pages that need it at first render
 * load it with their own chunk (lazyPage in routes.tsx); the order form (which renders from the
 * page's own catalogue), the footer's newsletter form and the pixel's config load it when they
 * first need it. A client already provided above (a test's mock, or a page's provider) is used as is.
 */
import type { ApolloClient } from '@apollo/client';
import { createContext, useCallback, useContext, type Context } from 'react';

export function loadApolloClient(): Promise<ApolloClient> {
  return import('./apollo-provider').then((m) => m.siteApolloClient());
}

// Apollo keeps its one React context under this global symbol on createContext (so copies of
// the library share it); reading it there spares the first load Apollo's own module for it.
const APOLLO_CONTEXT_KEY = Symbol.for('__APOLLO_CONTEXT__');
const noApollo = createContext<{ client?: ApolloClient }>({});

function apolloContext(): Context<{ client?: ApolloClient }> {
  return (
    (createContext as unknown as Record<symbol, Context<{ client?: ApolloClient }> | undefined>)[APOLLO_CONTEXT_KEY] ?? noApollo
  );
}

/** A function that resolves with the shop's Apollo client, loading it on the first call. */
export function useApolloClientLater(): () => Promise<ApolloClient> {
  const { client } = useContext(apolloContext());
  return useCallback(() => (client ? Promise.resolve(client) : loadApolloClient()), [client]);
}
