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
 * that one (the prerender's server build leaves react-router-dom to Node, which runs it at build time).
 */
function reactRouterProduction() {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [graphqlDocuments(), react()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
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
