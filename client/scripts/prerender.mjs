/**
 * The last step of `npm run build -w client`: turns the Vite build in dist/ into the shop's
 * pages. It renders every public page (src/public-pages.ts) to static HTML with the server-side
 * bundle (src/prerender/render-page.tsx, built to prerender-dist/), writes the app shell for the
 * routes only the browser renders, the 404 page, routes.json for the server (which path is which
 * file, which routes are the browser's, the chunks and the first query of each of those), and a brotli and a gzip copy beside every asset.
 */
import Beasties from 'beasties';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(clientDir, 'dist');
const renderer = await import(pathToFileURL(path.join(clientDir, 'prerender-dist', 'render-page.js')).href);
const {
  PUBLIC_PAGES,
  PIXEL_ID_PLACEHOLDER,
  SITE_DATA_ELEMENT_ID,
  CLIENT_ROUTE_CHUNKS,
  PRERENDERED_PAGE_CHUNKS,
  PROVIDER_FORM_CHUNKS,
} = renderer;

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
/** The files of `modules` and of what they import, less what the shell loads (its entry and imports). */
const chunksOf = renderer.chunksBeyondEntry(manifest);

/** The stylesheet's rules a page's markup uses (all of them, not only the first screen's), for its <style>. */
const criticalCss = new Beasties({
  path: dist,
  publicPath: '/',
  // The stylesheet's tag stays where it is; the loader takes it over (withLoader).
  preload: false,
  noscriptFallback: false,
  pruneSource: false,
  logLevel: 'warn',
});
const hash = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
/**
 * The payment page's early questions (early-checkout.ts), with the files of each provider's form
 * that the page's own chunks (the shell's Link header) do not bring already.
 */
const paymentPageChunks = new Set(chunksOf(CLIENT_ROUTE_CHUNKS['/payment']));
const EARLY_CHECKOUT_SCRIPT = renderer.earlyCheckoutScript(
  Object.fromEntries(
    Object.entries(PROVIDER_FORM_CHUNKS).map(([provider, modules]) => [
      provider,
      chunksOf(modules).filter((file) => !paymentPageChunks.has(file)),
    ]),
  ),
);
/** The pages' inline scripts and styles, by hash, for the server's Content-Security-Policy. */
const inlineHashes = {
  scripts: new Set([hash(renderer.PAGE_CODE_LOADER), hash(EARLY_CHECKOUT_SCRIPT)]),
  styles: new Set(),
};

/**
 * A prerendered page as it is served: the stylesheet's rules its markup uses inline, and its code,
 * the whole stylesheet and its own chunks (client-route-chunks.ts) asked for by the page's loader
 * (src/prerender/page-code-loader.ts) once it has painted; the server's policy allows the inline
 * parts by their hash. The shell keeps the template's tags.
 */
async function servedPage(route, body, head) {
  const chunks = PRERENDERED_PAGE_CHUNKS[route];
  if (!chunks) throw new Error(`src/prerender/client-route-chunks.ts lists no chunks for the prerendered page ${route}`);
  const html = await criticalCss.process(page(body, head));
  const styles = [...html.slice(0, html.indexOf('</head>')).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  if (styles.length === 0) throw new Error(`${route}: no stylesheet rules were inlined`);
  for (const style of styles) inlineHashes.styles.add(hash(style));
  return renderer.withLoader(html, chunksOf(chunks));
}

const data = { ...renderer.siteDataForBuild(), pixelId: PIXEL_ID_PLACEHOLDER };
// A data block, not a script: nothing executes, so a strict Content-Security-Policy allows it.
const dataBlock = `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The template with `body` in #root and `head` (the page's title and meta tags) in place of the defaults. */
function page(body, head) {
  // The app renders the description itself (ui/PageMeta.tsx): one in the template would be a second.
  let html = template.replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  // The shell keeps the template's title until the page sets its own.
  if (head !== null) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  html = html.replace('</head>', `${head ?? ''}</head>`);
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return html.replace('<div id="root"></div>', `<div id="root">${body}</div>`).replace('</body>', `${dataBlock}</body>`);
}

/** A page's <title>, <meta> and <link> tags lead its markup (client/src/ui/head.tsx): they belong in <head>. */
function splitHead(html) {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;
  let head = '';
  let rest = html;
  for (let m = hoisted.exec(rest); m; m = hoisted.exec(rest)) {
    head += m[0];
    rest = rest.slice(m[0].length);
  }
  return { head, body: rest };
}

const fileFor = (route) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
const write = (file, html) => {
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
};

const pages = [];
for (const publicPage of PUBLIC_PAGES) {
  const { head, body } = splitHead(await renderer.renderPage(publicPage.path, data));
  if (!head.includes('<title>')) throw new Error(`${publicPage.path} rendered no <title>`);
  const file = fileFor(publicPage.path);
  write(file, await servedPage(publicPage.path, body, head));
  pages.push({
    path: publicPage.path,
    file,
    sitemap: publicPage.canonical === publicPage.path,
    ...(publicPage.readsQuery ? { shellWithQuery: true } : {}),
  });
}

// Any path no route claims renders the 404 page.
const notFound = splitHead(await renderer.renderPage('/__no-such-page__', data));
write('404.html', await servedPage('*', notFound.body, notFound.head));
// The shell paints a placeholder from its HTML; the app renders the page over it. On the payment
// page its inline script asks for the tab's order and payment beside the code's download
// (early-checkout.ts); it goes ahead of the stylesheet, which would hold it back until loaded.
if (/<\/script|<!--/i.test(EARLY_CHECKOUT_SCRIPT)) throw new Error("the early questions' script would end its <script> early");
const shell = page(await renderer.renderShellPlaceholder(), null);
const firstTag = shell.search(/<(?:script|link rel="(?:modulepreload|stylesheet)")/);
if (firstTag < 0 || firstTag > shell.indexOf('</head>')) throw new Error('index.html has no script or stylesheet in its head');
write('shell.html', `${shell.slice(0, firstTag)}<script>${EARLY_CHECKOUT_SCRIPT}</script>\n    ${shell.slice(firstTag)}`);

const prerendered = new Set(pages.map((p) => p.path));
const clientRoutes = renderer.routePatterns().filter((route) => !prerendered.has(route));

/**
 * Each browser-rendered route's chunks (client-route-chunks.ts) with every chunk they import,
 * less what the shell's own <script> and modulepreload links already load: what the server
 * names in the route's Link header.
 */
function routeChunks() {
  const unlisted = clientRoutes.filter((route) => !CLIENT_ROUTE_CHUNKS[route]);
  if (unlisted.length) throw new Error(`src/prerender/client-route-chunks.ts lists no chunks for ${unlisted.join(', ')}`);
  return Object.fromEntries(Object.entries(CLIENT_ROUTE_CHUNKS).map(([route, modules]) => [route, chunksOf(modules)]));
}

/** Each browser-rendered route's first query (client-route-queries.ts), for the server to answer in the page. */
function routeQueries() {
  const queries = renderer.routeQueries();
  const unknown = Object.keys(queries).filter((route) => !clientRoutes.includes(route));
  if (unknown.length)
    throw new Error(`src/prerender/client-route-queries.ts names routes the browser does not render: ${unknown.join(', ')}`);
  return queries;
}

writeFileSync(
  path.join(dist, 'routes.json'),
  `${JSON.stringify(
    {
      pages,
      clientRoutes,
      preloads: routeChunks(),
      // What the shell loads first, for the server to name before each route's chunks.
      shellPreloads: renderer.shellPreloads(template),
      // The pages' inline scripts and styles, by hash, for the server's Content-Security-Policy.
      scriptHashes: [...inlineHashes.scripts],
      styleHashes: [...inlineHashes.styles],
      queries: routeQueries(),
      routeDataElementId: renderer.ROUTE_DATA_ELEMENT_ID,
      shell: 'shell.html',
      notFound: '404.html',
    },
    null,
    2,
  )}\n`,
);

// Precompressed twins for the server to send as they are (HTML is compressed by the server,
// which fills in PUBLIC_URL first).
const assets = path.join(dist, 'assets');
let compressed = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(?:m?js|css|svg|json|txt|wasm)$/.test(name)) continue;
  const file = path.join(assets, name);
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  compressed++;
}
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('no index.html written');
console.log(`prerendered ${pages.length} pages, the 404 page and the shell; compressed ${compressed} assets`);
