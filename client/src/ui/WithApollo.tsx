import { lazy, type ReactNode } from 'react';

// Its own chunk: Apollo Client arrives with the first page that needs it, not with the home page.
const SiteApolloProvider = lazy(() => import('../apollo-provider'));

/** Provides the shop's Apollo client to `children`, loading it first (the nearest Suspense boundary waits). */
export function WithApollo({ children }: { children: ReactNode }) {
  return <SiteApolloProvider>{children}</SiteApolloProvider>;
}
