import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';

import { graphqlDocuments } from './vite-graphql-documents.ts';

/** The API (server workspace) in development, on PORT like the server; `npm start` serves both on one port. */
const API_ORIGIN = `http://127.0.0.1:${process.env.PORT ?? 4000}`;

/** Paths the API owns; everything else is the single-page app. */
const API_PATHS = ['/graphql', '/media', '/healthz', '/readyz', '/webhooks', '/admin/orders.csv'] as const;

/**
 * react-router's package names only its development build, for every condition, so a production
 * bundle carries its developer warnings and runs their checks (remix-run/react-router#14102). The
 * production build it ships beside it is the same code with them off: the browser's bundle takes
 * that one, and so does the prerender's.
 */
function reactRouterProduction() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/**
 * The app is written to React's API and rendered by Preact (its compat layer): the same components,
 * hooks and libraries, with a renderer of about 10 KB gzipped instead of React DOM's 62, which every
 * page downloads first. The prerender renders with Preact too (src/prerender/render-whole.ts), so a
 * page hydrates the markup its own renderer wrote. The tests render with it as well (jest.config.js).
 * GraphiQL (vite.graphiql.config.ts), a developer's page, keeps React.
 */
const PREACT_COMPAT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  // React's Fast Refresh updates React's renderer, not Preact's: in `npm run dev` an edit reloads the page.
  plugins: [graphqlDocuments(), react({ refreshExclude: /./ })],
  resolve: { alias: [...(command === 'build' ? reactRouterProduction() : []), ...PREACT_COMPAT] },
  // The prerender bundles the libraries that render (the router, Apollo's hooks) with the app, so
  // that they render with the app's Preact, not with a React of their own that Node would load.
  ssr: { noExternal: true },
  build: {
    // Relative to the Vite root (this folder when run via `npm run build -w client`).
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunk each source module became, for the browser-rendered
    // routes' preload hints (scripts/prerender.mjs, src/prerender/client-route-chunks.ts).
    manifest: true,
    // One stylesheet for the whole app, linked from every page's head: a prerendered page is
    // styled before its lazy chunk arrives, and no page waits on a stylesheet of its own.
    cssCodeSplit: false,
    // The sample book's drawings stay files, loaded lazily by their <img>, never inlined into a
    // script every visitor downloads.
    assetsInlineLimit: (file) => (file.includes('/samples/spreads/') ? false : undefined),
  },
  // The app's own page: GraphiQL's (graphiql/index.html) is a bundle of its own, with its own
  // config, whose workers the app's dependency scan could not load.
  optimizeDeps: { entries: ['index.html'] },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
}));
