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
 *
 * A browser-rendered page whose first query routes.json names (the parent's order page; who is
 * signed in, for every page of the admin portal) gets the answer in the shell it is sent: the
 * server runs that query for the path's parameters as the GraphQL endpoint would for the browser
 * (`runRouteQuery`, given by app.ts, with the request's own cookies), and writes the result in a
 * JSON data block, so the page renders as soon as its code has run, a round trip sooner;
 * an image the answer has and the page shows first (the proof's first page) is named in the
 * page's `Link` header after its code, so it arrives while the code does.
 * When the server answers such a route, no cache may keep its page (`no-store`, with or without
 * its answer), and only a query may be named: a routes.json naming a mutation or a subscription
 * fails the start.
 */
import type { Express, Request, Response } from 'express';
import { Kind, OperationTypeNode, parse } from 'graphql';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Logger } from '../common/logger';
import { within } from '../common/within';

/**
 * The parent's private pages carry their secret token in the path: no browser may send that
 * address on as a Referer (to the signed media links, a carrier's tracking page, anything the page
 * links to), and no search engine may index it.
 */
export const PRIVATE_PAGE_PATH = /^\/(order|video|receipt)\/[^/]+(?:\/[^/]+)?\/?$/i;

/**
 * A browser-rendered route's first query: in routes.json a variable's value `:name` stands for
 * the path's parameter of that name; run for a request, the variables hold the path's values.
 */
export interface RouteQuery {
  operationName: string;
  query: string;
  variables: Record<string, string>;
  /** Images the page shows first, fetched with the page once its answer names them. */
  images?: RouteImage[];
}

/**
 * An image a browser-rendered page shows at once when its first query's answer has it: `url` is
 * the dotted path of the image's address in the answer (`orderPage.proof.firstPage.url`); `when`,
 * the states in which the page shows it (any one, each of its paths equal to its value), the
 * page's own rule (see client/src/prerender/client-route-queries.ts). The server names it in the
 * page's `Link` header, so the browser fetches it while the page's code arrives instead of after
 * it has run.
 */
export interface RouteImage {
  url: string;
  when?: Record<string, string | number | boolean | null>[];
}

/**
 * What the shell loads first (its entry module and the modules it imports, its stylesheets), in
 * its own order; a stylesheet with the CORS mode its tag asks with (client/src/prerender/shell-preloads.ts).
 */
export interface ShellPreloads {
  modules: string[];
  styles: { href: string; crossorigin: 'anonymous' | 'use-credentials' | null }[];
}

/**
 * Runs a route's query for the request as the GraphQL endpoint would; resolves with its data, or
 * null when it answered with errors (the page then asks for itself, and shows what it is told).
 */
export type RunRouteQuery = (req: Request, res: Response, request: RouteQuery) => Promise<Record<string, unknown> | null>;

export interface ClientHostingOptions {
  /** The built client, read once at start-up (`readClientBuild`); null: there is none to serve. */
  build: ClientBuild | null;
  /** The shop's public origin (PUBLIC_URL): canonical links, the sitemap's addresses, robots.txt's pointer. */
  publicUrl: string;
  /** The advertising pixel's id (META_PIXEL_ID), written into the pages so the browser need not ask. */
  pixelId?: string | null;
  /** Answers the first query of the routes routes.json names one for; unset, every such page asks for itself. */
  runRouteQuery?: RunRouteQuery;
  /**
   * How long the page waits for that answer before it is sent without it (the browser then asks
   * for itself): a slow database delays the page's code by no more than this.
   */
  routeQueryBudgetMs?: number;
  /** Told when a page goes out without its query's answer because it failed or came too late. */
  logger?: Logger;
}

/** What the build writes in place of PUBLIC_URL and the pixel id (see client/src/site-data.ts). */
const PUBLIC_URL_PLACEHOLDER = 'https://public-url.storybook-shop.invalid';
const PIXEL_ID_PLACEHOLDER = '"@@PIXEL_ID@@"';

/** A page with the shop's own values filled in, and its compressed forms, made once at start-up. */
interface HtmlPage {
  text: string;
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
  /** For such a route, the query its page asks first (client/src/prerender/client-route-queries.ts). */
  queries?: Record<string, RouteQuery>;
  /** What the shell loads before anything else: named first in each browser-rendered route's `Link` header. */
  shellPreloads?: ShellPreloads;
  /** The pages' inline scripts (`sha256-…`): the prerendered pages' loader of their code, the shell's early questions. */
  scriptHashes?: string[];
  /** The pages' inline styles (`sha256-…`): each prerendered page's rules from the stylesheet. */
  styleHashes?: string[];
  /** The id of the data block that carries a query's answer (client/src/route-data-block.ts). */
  routeDataElementId?: string;
  /** The app shell (its root holds a placeholder the app renders over) and the prerendered 404 page. */
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

/**
 * `/video/:token` → a matcher for one path; `:x` takes one segment (captured, in order), a
 * trailing `*` the rest.
 */
function patternMatcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`, 'i');
}

/** The path parameters' names of a pattern, in order (`/receipt/:orderId/:signature` → orderId, signature). */
const parameterNames = (pattern: string) =>
  pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1).replace(/\?$/, ''));

/** The built client: its folder, and its routes.json (null for an older build: a plain single-page app). */
export interface ClientBuild {
  dir: string;
  manifest: RoutesManifest | null;
}

/**
 * The built client in `clientDistDir`, read and checked once at start-up (for the policy's hashes
 * and for serving it); null when the folder holds no build. Throws, failing the start, for a
 * routes.json that names anything but a query as a page's first query, or a malformed hash.
 */
export function readClientBuild(clientDistDir: string): ClientBuild | null {
  if (!existsSync(path.join(clientDistDir, 'index.html'))) return null;
  return { dir: clientDistDir, manifest: readManifest(clientDistDir) };
}

function readManifest(clientDistDir: string): RoutesManifest | null {
  const file = path.join(clientDistDir, 'routes.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as RoutesManifest;
  for (const [route, { query }] of Object.entries(manifest.queries ?? {})) {
    // It is run for whoever opens the address: it may read, never change anything.
    if (!isOneQuery(query)) throw new Error(`routes.json: the first query of ${route} is not a query`);
  }
  for (const hash of [...(manifest.scriptHashes ?? []), ...(manifest.styleHashes ?? [])]) {
    // It goes into every page's policy as it is.
    if (!/^sha256-[A-Za-z0-9+/]{43}=$/.test(hash)) throw new Error(`routes.json: ${hash} is not a sha256 hash`);
  }
  return manifest;
}

/** The hashes of the built pages' inline scripts and styles, for the storefront's Content-Security-Policy; none without a build. */
export function clientInlineHashes(build: ClientBuild | null): { scripts: string[]; styles: string[] } {
  const manifest = build?.manifest;
  return { scripts: manifest?.scriptHashes ?? [], styles: manifest?.styleHashes ?? [] };
}

/** Whether `text` is one query operation (not a mutation or a subscription), and nothing else. */
function isOneQuery(text: string): boolean {
  try {
    const operations = parse(text).definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    return operations.length === 1 && operations[0].operation === OperationTypeNode.QUERY;
  } catch {
    return false;
  }
}

/** Whether the request's Accept-Encoding takes `encoding` (asked one at a time: ours, not the header's order, decides). */
function takes(req: Request, encoding: string): boolean {
  return req.acceptsEncodings(encoding) === encoding;
}

/** `value` as JSON to write inside a <script> block: no "<" may end it early. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Brotli's quality for the pages compressed at start-up: 10, not the default 11. Over the 17 built
 * pages (875 KB), 11 took 1.0 s of CPU at every start and 10 takes 0.33 s; 10's pages are 2% larger
 * (188 KB against 184 KB in all, some 240 bytes a page).
 */
const PAGE_BROTLI_QUALITY = 10;

function loadHtml(file: string, publicUrl: string, pixelId: string | null): HtmlPage {
  const pixel = jsonInScript(pixelId);
  const html = readFileSync(file, 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl).replaceAll(PIXEL_ID_PLACEHOLDER, pixel);
  const identity = Buffer.from(html);
  return {
    text: html,
    identity,
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Sets an HTML answer's status and headers, and answers the encoding to send it in (none: as it is). */
function htmlHeaders(req: Request, res: Response, status: number, cacheControl: string): 'br' | 'gzip' | undefined {
  res.status(status).set('Cache-Control', cacheControl).type('html').vary('Accept-Encoding');
  const encoding = ENCODINGS.find((e) => takes(req, e.name))?.name;
  if (encoding) res.set('Content-Encoding', encoding);
  return encoding;
}

function sendHtml(req: Request, res: Response, page: HtmlPage, status: number, cacheControl = 'no-cache'): void {
  const encoding = htmlHeaders(req, res, status, cacheControl);
  res.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
}

/**
 * The shell with a query's answer in a data block before `</body>`, compressed for this request
 * only (brotli at a quality that takes well under a millisecond for a page this size). It holds
 * one parent's order, or who is signed in: no cache may keep it.
 */
function sendHtmlWithData(req: Request, res: Response, shell: HtmlPage, elementId: string, routeData: unknown): void {
  const block = `<script type="application/json" id="${elementId}">${jsonInScript(routeData)}</script>`;
  const end = shell.text.lastIndexOf('</body>');
  const identity = Buffer.from(end < 0 ? shell.text + block : shell.text.slice(0, end) + block + shell.text.slice(end));
  const encoding = htmlHeaders(req, res, 200, 'no-store');
  res.send(
    encoding === 'br'
      ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(identity, { level: 6 })
        : identity,
  );
}

/** The value at a dotted path of an answer (`orderPage.proof.firstPage.url`), or undefined. */
function valueAt(data: unknown, dotted: string): unknown {
  let value = data;
  for (const key of dotted.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * An address fit for a `Link` header: a path on this site (the shop's signed media links are),
 * in printable ASCII with nothing that could end the link or start another.
 */
const linkable = (url: unknown): url is string =>
  typeof url === 'string' && url.length <= 4096 && /^\/(?!\/)[\x21-\x7e]*$/.test(url) && !/[<>"\\]/.test(url);

/** `Link` values for the images `data` has that the page will show in the state it is in. */
function imagePreloads(images: readonly RouteImage[], data: unknown): string[] {
  return images.flatMap(({ url: at, when }) => {
    const shown = !when || when.some((state) => Object.entries(state).every(([key, value]) => valueAt(data, key) === value));
    const url = shown ? valueAt(data, at) : undefined;
    return linkable(url) ? [`<${url}>; rel=preload; as=image`] : [];
  });
}

/** The shell's own `Link` values: its modules, then its stylesheets (fetched as the shell's tags will ask for them). */
function shellLinks(preloads: ShellPreloads | undefined): string[] {
  if (!preloads) return [];
  return [
    ...preloads.modules.map((url) => `<${url}>; rel=modulepreload`),
    ...preloads.styles.map(({ href, crossorigin }) => {
      const cors = crossorigin === 'use-credentials' ? '; crossorigin=use-credentials' : crossorigin ? '; crossorigin' : '';
      return `<${href}>; rel=preload; as=style${cors}`;
    }),
  ];
}

/** How long a page waits for its query's answer by default. */
export const ROUTE_QUERY_BUDGET_MS = 1000;

export function hostClient(
  app: Express,
  { build, publicUrl, pixelId = null, runRouteQuery, routeQueryBudgetMs = ROUTE_QUERY_BUDGET_MS, logger }: ClientHostingOptions,
): void {
  if (!build) return;
  const { dir: clientDistDir, manifest } = build;
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
  // Each route the browser renders, with what is written for it once: the `Link` header naming the
  // chunks its page needs beyond the shell's, and its first query when the server can answer it.
  // The shell's own code and style lead, so the entry is not queued behind the route's chunks.
  const shellLink = shellLinks(manifest.shellPreloads);
  const clientRoutes = manifest.clientRoutes.map((pattern) => {
    const files = manifest.preloads?.[pattern] ?? [];
    return {
      pattern,
      matches: patternMatcher(pattern),
      parameters: parameterNames(pattern),
      link: [...shellLink, ...files.map((url) => `<${url}>; rel=modulepreload`)].join(', ') || null,
      query: (runRouteQuery && manifest.queries?.[pattern]) || null,
    };
  });
  const routeDataElementId = manifest.routeDataElementId ?? 'route-data';
  /**
   * The route's query answered for the path's parameters (`values`, in the pattern's order), as the
   * page's data block holds it; null when there is none, it failed or it came too late.
   */
  const routeData = async (req: Request, res: Response, route: (typeof clientRoutes)[number], values: string[]) => {
    // HEAD (a link checker, a monitor) gets the page's headers; nothing is looked up for it.
    if (!route.query || !runRouteQuery || req.method !== 'GET') return null;
    const variables: Record<string, string> = {};
    for (const [name, template] of Object.entries(route.query.variables)) {
      const value = values[route.parameters.indexOf(template.slice(1))];
      if (value === undefined) return null;
      try {
        variables[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    const { operationName, query } = route.query;
    const outcome = await within(routeQueryBudgetMs, runRouteQuery(req, res, { operationName, query, variables }));
    if ('answer' in outcome) return outcome.answer ? { operationName, variables, data: outcome.answer } : null;
    // The route, never the path: the path holds the parent's secret token.
    logger?.warn('a page went out without the answer to its first query; the browser asks for it itself', {
      route: route.pattern,
      operationName,
      reason: outcome.missed === 'late' ? `no answer within ${routeQueryBudgetMs} ms` : 'the query failed',
      ...(outcome.missed === 'failed' ? { error: outcome.error } : {}),
    });
    return null;
  };

  // Every page is read (and compressed) now: a broken build fails the start, not a visitor.
  for (const file of [manifest.shell, manifest.notFound, ...manifest.pages.map((page) => page.file)]) html(file);

  app.get('/{*path}', async (req, res) => {
    // The path as it came (a token keeps its case), without trailing slashes; lower-cased to find the page.
    const asSent = req.path.length > 1 ? req.path.replace(/\/+$/, '') : '/';
    const pathname = asSent.toLowerCase();
    const page = pages.get(pathname);
    if (page) {
      // A page whose first render reads the query string (the order form's ?type=) is rendered
      // by the browser when there is one, so what it hydrates always matches.
      const withQuery = page.shellWithQuery && Object.keys(req.query).length > 0;
      return sendHtml(req, res, html(withQuery ? manifest.shell : page.file), 200);
    }
    // One match per request (the patterns ignore case), on the path as sent: its values keep their case.
    for (const route of clientRoutes) {
      const values = route.matches.exec(asSent);
      if (!values) continue;
      const data = await routeData(req, res, route, values.slice(1));
      // The image the page shows first comes after its code: it is drawn only once that has run.
      const images = data ? imagePreloads(route.query?.images ?? [], data.data) : [];
      const link = [route.link, ...images].filter(Boolean).join(', ');
      if (link) res.set('Link', link);
      if (data) return sendHtmlWithData(req, res, html(manifest.shell), routeDataElementId, data);
      // Without its answer (HEAD, a failure, too late) it is still an address whose page carries
      // an order or who is signed in: the same headers every time, and nothing for a cache to keep.
      return sendHtml(req, res, html(manifest.shell), 200, route.query ? 'no-store' : 'no-cache');
    }
    sendHtml(req, res, html(manifest.notFound), 404);
  });
}
