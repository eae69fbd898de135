/**
 * The last step of `npm run build -w client`: turns the Vite build in dist/ into the shop's
 * pages. It renders every public page (src/public-pages.ts) to static HTML with the server-side
 * bundle (src/prerender/render-page.tsx, built to prerender-dist/), writes the app shell for the
 * routes only the browser renders, the 404 page, routes.json for the server (which path is which
 * file, which routes are the browser's, the chunks and the first query of each of those), and a brotli and a gzip copy beside every asset.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(clientDir, 'dist');
const renderer = await import(pathToFileURL(path.join(clientDir, 'prerender-dist', 'render-page.js')).href);
const { PUBLIC_PAGES, PIXEL_ID_PLACEHOLDER, SITE_DATA_ELEMENT_ID, CLIENT_ROUTE_CHUNKS } = renderer;

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
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

/** React puts a page's hoisted <title>, <meta> and <link> tags ahead of its markup: they belong in <head>. */
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
  write(file, page(body, head));
  pages.push({
    path: publicPage.path,
    file,
    sitemap: publicPage.canonical === publicPage.path,
    ...(publicPage.readsQuery ? { shellWithQuery: true } : {}),
  });
}

// Any path no route claims renders the 404 page.
const notFound = splitHead(await renderer.renderPage('/__no-such-page__', data));
write('404.html', page(notFound.body, notFound.head));
write('shell.html', page('', null));

const prerendered = new Set(pages.map((p) => p.path));
const clientRoutes = renderer.routePatterns().filter((route) => !prerendered.has(route));

/**
 * Each browser-rendered route's chunks (client-route-chunks.ts) with every chunk they import,
 * less what the shell's own <script> and modulepreload links already load: what the server
 * names in the route's Link header.
 */
function routeChunks() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const inShell = new Set();
  const closure = (key, into) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  closure(
    Object.keys(manifest).find((key) => manifest[key].isEntry),
    inShell,
  );
  const unlisted = clientRoutes.filter((route) => !CLIENT_ROUTE_CHUNKS[route]);
  if (unlisted.length) throw new Error(`src/prerender/client-route-chunks.ts lists no chunks for ${unlisted.join(', ')}`);
  const preloads = {};
  for (const [route, modules] of Object.entries(CLIENT_ROUTE_CHUNKS)) {
    const needed = new Set();
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`client-route-chunks.ts names ${module} for ${route}: no chunk of this build`);
      closure(module, needed);
    }
    preloads[route] = [...needed].filter((key) => !inShell.has(key)).map((key) => `/${manifest[key].file}`);
  }
  return preloads;
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
