/**
 * Serves the built client (client/dist) on the API's port: hashed assets precompressed and
 * cached for a year, the public pages as the HTML prerendered at build time, the app shell for
 * the routes only the browser renders, robots.txt and sitemap.xml from PUBLIC_URL, and the
 * app's own 404 page with status 404 for any other path.
 *
 * The build writes `routes.json` beside the pages (see client/scripts/prerender.mjs): which path
 * has which prerendered file and which go to the shell, taken from the client's route list, so
 * the server never keeps a second copy of it. A build without it (an older build) is served as a
 * plain single-page app: every path answers with index.html.
 */
import type { Express, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The parent's private pages carry their secret token in the path: no browser may send that
 * address on as a Referer (to the signed media links, a carrier's tracking page, anything the page
 * links to), and no search engine may index it.
 */
export const PRIVATE_PAGE_PATH = /^\/(order|video|receipt)\/[^/]+(?:\/[^/]+)?\/?$/i;

export interface ClientHostingOptions {
  clientDistDir: string;
  /** The shop's public origin (PUBLIC_URL): canonical links, the sitemap's addresses, robots.txt's pointer. */
  publicUrl: string;
  /** The advertising pixel's id (META_PIXEL_ID), written into the pages so the browser need not ask. */
  pixelId?: string | null;
}

/** What the build writes in place of PUBLIC_URL and the pixel id (see client/src/site-data.ts). */
const PUBLIC_URL_PLACEHOLDER = 'https://public-url.storybook-shop.invalid';
const PIXEL_ID_PLACEHOLDER = '"@@PIXEL_ID@@"';

/** A page with the shop's own values filled in, and its compressed forms, made once at start-up. */
interface HtmlPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What the prerender step writes to `routes.json`. */
export interface RoutesManifest {
  /** Paths with their own prerendered HTML (relative to the dist folder); `sitemap`: listed in sitemap.xml. */
  pages: { path: string; file: string; sitemap: boolean; shellWithQuery?: boolean }[];
  /** Route patterns (`/video/:token`) the browser renders from the shell. */
  clientRoutes: string[];
  /** For such a route, the chunks its page needs beyond the shell's own (`/assets/...js`). */
  preloads?: Record<string, string[]>;
  /** The app shell (an empty root) and the prerendered 404 page. */
  shell: string;
  notFound: string;
}

/** Never indexed: private pages (a parent's order, video, payment), the admin portal and the API. */
export const ROBOTS_DISALLOW = ['/admin', '/order', '/video', '/payment', '/graphql', '/graphiql', '/media'] as const;

/** Files the build precompressed, best first; identity when the browser takes neither. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(publicUrl + (p === '/' ? '/' : p))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `/video/:token` → a matcher for one path; `:x` takes one segment, a trailing `*` the rest. */
function patternMatcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return `/[^/]+${segment.endsWith('?') ? '?' : ''}`;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`, 'i');
}

function readManifest(clientDistDir: string): RoutesManifest | null {
  const file = path.join(clientDistDir, 'routes.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as RoutesManifest;
}

/** Whether the request's Accept-Encoding takes `encoding` (asked one at a time: ours, not the header's order, decides). */
function takes(req: Request, encoding: string): boolean {
  return req.acceptsEncodings(encoding) === encoding;
}

function loadHtml(file: string, publicUrl: string, pixelId: string | null): HtmlPage {
  // JSON inside a <script> block: no "<" may end it early.
  const pixel = JSON.stringify(pixelId).replace(/</g, '\\u003c');
  const html = readFileSync(file, 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl).replaceAll(PIXEL_ID_PLACEHOLDER, pixel);
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
}

function sendHtml(req: Request, res: Response, page: HtmlPage, status: number): void {
  res.status(status).set('Cache-Control', 'no-cache').type('html').vary('Accept-Encoding');
  const encoding = ENCODINGS.find((e) => takes(req, e.name))?.name;
  if (encoding) res.set('Content-Encoding', encoding);
  res.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
}

export function hostClient(app: Express, { clientDistDir, publicUrl, pixelId = null }: ClientHostingOptions): void {
  if (!existsSync(path.join(clientDistDir, 'index.html'))) return;
  const manifest = readManifest(clientDistDir);
  app.use((req, res, next) => {
    const privatePage = PRIVATE_PAGE_PATH.exec(req.path);
    if (!privatePage) return next();
    res.set({ 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' });
    // The client's router matches any casing (/Order/…, /VIDEO/…): one address per page, the
    // canonical one, so every check of a private path (here, the pixel's) sees the same path. The
    // token keeps its own case.
    const section = privatePage[1];
    if (section !== section.toLowerCase()) {
      res.set('Cache-Control', 'no-store');
      return res.redirect(301, `/${section.toLowerCase()}${req.originalUrl.slice(1 + section.length)}`);
    }
    next();
  });

  // Which variants exist is known at start-up: the build output does not change under a running server.
  const variants = new Map<string, string[]>();
  const encodingsOf = (file: string): string[] => {
    let found = variants.get(file);
    if (!found) {
      found = ENCODINGS.filter((e) => existsSync(file + e.suffix)).map((e) => e.name);
      variants.set(file, found);
    }
    return found;
  };

  /** Sends `file` (absolute), or its .br/.gz twin when the browser takes it; the type is the original file's. */
  const sendVariant = (req: Request, res: Response, file: string, status: number, cacheControl: string) => {
    const available = encodingsOf(file);
    res.status(status);
    res.set('Cache-Control', cacheControl);
    res.type(path.extname(file));
    res.vary('Accept-Encoding');
    const encoding = ENCODINGS.find((e) => available.includes(e.name) && takes(req, e.name));
    if (encoding) res.set('Content-Encoding', encoding.name);
    // No own Cache-Control from send: ours above stands.
    res.sendFile(encoding ? file + encoding.suffix : file, { cacheControl: false, dotfiles: 'deny' });
  };

  app.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('text/plain').send(robotsTxt(publicUrl));
  });

  const assetsDir = path.join(clientDistDir, 'assets');
  // Every file Vite writes under assets/ has a content hash in its name: cache it for good.
  app.get('/assets/{*file}', (req, res, next) => {
    const relative = path.posix.normalize(decodeURIComponent(req.path.slice('/assets/'.length)));
    const file = path.join(assetsDir, relative);
    if (relative.startsWith('..') || !file.startsWith(assetsDir + path.sep) || !existsSync(file)) return next();
    sendVariant(req, res, file, 200, IMMUTABLE);
  });

  const htmlPages = new Map<string, HtmlPage>();
  const html = (file: string): HtmlPage => {
    let page = htmlPages.get(file);
    if (!page) {
      page = loadHtml(path.join(clientDistDir, file), publicUrl, pixelId?.trim() || null);
      htmlPages.set(file, page);
    }
    return page;
  };

  if (!manifest) {
    const index = html('index.html');
    app.get('/{*path}', (req, res) => sendHtml(req, res, index, 200));
    return;
  }

  const sitemap = sitemapXml(
    publicUrl,
    manifest.pages.filter((page) => page.sitemap).map((page) => page.path),
  );
  app.get('/sitemap.xml', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/xml').send(sitemap);
  });

  const pages = new Map(manifest.pages.map((page) => [page.path.toLowerCase(), page]));
  const clientRoutes = manifest.clientRoutes.map(patternMatcher);
  // Each route's `Link` header, written once: the chunks its page needs beyond the shell's.
  const routeLinks = Object.entries(manifest.preloads ?? {})
    .filter(([, files]) => files.length > 0)
    .map(([pattern, files]) => ({
      matches: patternMatcher(pattern),
      link: files.map((url) => `<${url}>; rel=modulepreload`).join(', '),
    }));
  // Every page is read (and compressed) now: a broken build fails the start, not a visitor.
  for (const file of [manifest.shell, manifest.notFound, ...manifest.pages.map((page) => page.file)]) html(file);

  app.get('/{*path}', (req, res) => {
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, '').toLowerCase() : '/';
    const page = pages.get(pathname);
    if (page) {
      // A page whose first render reads the query string (the order form's ?type=) is rendered
      // by the browser when there is one, so what it hydrates always matches.
      const withQuery = page.shellWithQuery && Object.keys(req.query).length > 0;
      return sendHtml(req, res, html(withQuery ? manifest.shell : page.file), 200);
    }
    if (clientRoutes.some((route) => route.test(pathname))) {
      const link = routeLinks.find((route) => route.matches.test(pathname))?.link;
      if (link) res.set('Link', link);
      return sendHtml(req, res, html(manifest.shell), 200);
    }
    sendHtml(req, res, html(manifest.notFound), 404);
  });
}
