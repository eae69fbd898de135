/**
 * The shop's Apollo client, provided around the pages whose components use Apollo's React hooks
 * (loaded lazily, see apollo-later.ts and lazyPage).
 */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';

import { apolloClient } from './apollo';

/** The shop's client, for code that loads it when it first needs it (apollo-later.ts). */
export function siteApolloClient(): ApolloClient {
  return apolloClient;
}

export default function SiteApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={apolloClient}>{children}</ApolloProvider>;
}
