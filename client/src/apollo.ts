import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';

import { earlyAnswerLink } from './early-answer';
import { xhrFetch } from './xhr-fetch';

export interface CreateApolloClientOptions {
  /** GraphQL endpoint; same origin in dev (Vite proxy) and production (one server). */
  uri?: string;
  /**
   * The seam for upload progress: a `fetch`-compatible function (e.g. built on
   * XMLHttpRequest) used for every request, uploads included. Per-operation
   * options reach it through `context: { fetchOptions: { ... } }`, which the
   * link merges into the `init` argument. Defaults to the global `fetch`,
   * looked up at request time.
   */
  fetch?: typeof fetch;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // Singletons without ids: normalise them so queries asking for different
      // fields of the catalogue merge instead of overwriting each other.
      Catalogue: { keyFields: [] },
      OrderLimits: { keyFields: [] },
      Plan: { keyFields: ['format'] },
      LifeLesson: { keyFields: ['value'] },
      BookStyleOption: { keyFields: ['value'] },
    },
  });
}

export function createApolloClient(options: CreateApolloClientOptions = {}): ApolloClient {
  const { uri = '/graphql', fetch: customFetch } = options;
  return new ApolloClient({
    cache: createCache(),
    link: ApolloLink.from([
      // What the page's HTML asked before its code came (early-answer.ts) is answered from there.
      earlyAnswerLink,
      new UploadHttpLink({
        uri,
        credentials: 'same-origin',
        // Apollo Server's CSRF prevention accepts multipart requests only with this header.
        headers: { 'Apollo-Require-Preflight': 'true' },
        ...(customFetch ? { fetch: customFetch } : {}),
      }),
    ]),
  });
}

// XHR underneath, so an upload can report its progress (see xhr-fetch.ts).
export const apolloClient = createApolloClient({ fetch: xhrFetch });
