/**
 * GraphiQL for the shop's API at /graphiql, built from the app's own bundle (vite.graphiql.config.ts)
 * so it works with no internet: nothing is loaded from a CDN. Requests carry the shop's cookies,
 * so a signed-in admin can run admin queries, and the preflight header Apollo's CSRF prevention wants.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './graphiql.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const fetcher = createGraphiQLFetcher({
  url: new URL('/graphql', window.location.origin).toString(),
  headers: { 'Apollo-Require-Preflight': 'true' },
  fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
});

const DEFAULT_QUERY = `# The shop's API. Sign in at /admin first to run admin queries here.
{
  catalogue {
    plans {
      title
    }
  }
}
`;

/** A link may carry a query to open with: /graphiql?query={ orders { totalCount } } */
const linkedQuery = new URLSearchParams(window.location.search).get('query') ?? undefined;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} initialQuery={linkedQuery} />
  </StrictMode>,
);
