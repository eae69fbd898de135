import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ADMIN_EMAIL, createAdmin, signIn } from '../support/admin';
import { placeOrder } from '../support/checkout';
import { GraphQLClient } from '../support/graphql-client';
import { startTestServer, type TestServer } from '../support/test-server';

const PUBLIC_URL = 'https://shop.example.com';
const PLACEHOLDER = 'https://public-url.storybook-shop.invalid';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(2000))})`;

/** A raw GET (fetch would decode the body and hide what came over the wire). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** What the build writes for the order page's first query: the text the browser would send, `__typename` and all. */
const ORDER_PAGE_QUERY = {
  operationName: 'OrderPage',
  query:
    'query OrderPage($token: String!) { orderPage(token: $token) { id reference status childName __typename } catalogue { limits { childNameMaxLength __typename } __typename } }',
  variables: { token: ':token' },
};

/** What the build writes for every admin page's first query: who is signed in. */
const ADMIN_ME_QUERY = {
  operationName: 'AdminMe',
  query: 'query AdminMe { me { id email role __typename } }',
  variables: {},
};

/** The data block the server put in a page, parsed; null when there is none. */
function routeDataOf(html: string): { operationName: string; variables: Record<string, string>; data: any } | null {
  const found = /<script type="application\/json" id="route-data">([^<]*)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]) : null;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="${PLACEHOLDER}/x"/></head>` +
  `<body><div id="root">${body}</div><script type="application/json" id="site-data">{"publicUrl":"${PLACEHOLDER}","pixelId":"@@PIXEL_ID@@"}</script></body></html>`;

/** A build as the prerender step leaves it: pages, shell, 404 page, routes.json and precompressed assets. */
function writeBuild(dist: string) {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'faq'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), page('Home', '<h1>Home</h1>'));
  writeFileSync(path.join(dist, 'faq', 'index.html'), page('FAQ', '<h1>FAQ</h1>'));
  writeFileSync(path.join(dist, 'shell.html'), page('Shell', ''));
  writeFileSync(path.join(dist, '404.html'), page('Page Not Found', '<h1>Page Not Found</h1>'));
  writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js'), APP_JS);
  writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(APP_JS));
  writeFileSync(path.join(dist, 'assets', 'tiny-Ef56Gh78.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'routes.json'),
    JSON.stringify({
      pages: [
        { path: '/', file: 'index.html', sitemap: true },
        { path: '/faq', file: 'faq/index.html', sitemap: true },
        { path: '/pricing', file: 'index.html', sitemap: false },
        { path: '/create', file: 'index.html', sitemap: true, shellWithQuery: true },
      ],
      clientRoutes: ['/payment', '/order/:token', '/video/:token', '/admin', '/admin/invite/:token'],
      preloads: {
        '/payment': ['/assets/PaymentPage-Aa11.js', '/assets/apollo-provider-Bb22.js'],
        '/order/:token': ['/assets/OrderPage-Cc33.js', '/assets/apollo-provider-Bb22.js'],
      },
      queries: {
        '/order/:token': ORDER_PAGE_QUERY,
        '/video/:token': ORDER_PAGE_QUERY,
        '/admin': ADMIN_ME_QUERY,
        // A query the schema refuses: the page is sent without an answer, and asks for itself.
        '/admin/invite/:token': {
          operationName: 'Invite',
          query: 'query Invite($t: String!) { noSuchField(t: $t) }',
          variables: { t: ':token' },
        },
      },
      routeDataElementId: 'route-data',
      shell: 'shell.html',
      notFound: '404.html',
    }),
  );
}

describe('a build without routes.json (the plain single-page app)', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'storybook-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({ CLIENT_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/create', '/payment?orderId=x', '/admin/dashboard', '/no/such/page'])(
    'answers %s with the app so the client router can take over',
    async (url) => {
      const response = await fetch(server.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  it.each(['/order/abc123', '/video/abc123', '/receipt/3f2a9c10-7b4d-4e8a-9c2f-1a2b3c4d5e6f/c2lnbmF0dXJl'])(
    'sends no referrer from %s and keeps it out of search engines',
    async (url) => {
      const response = await fetch(server.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
    },
  );

  it.each([
    ['/Order/AbC123', '/order/AbC123'],
    ['/VIDEO/AbC123?x=1', '/video/AbC123?x=1'],
    ['/oRdEr/AbC123/', '/order/AbC123/'],
  ])('moves %s to its canonical address, keeping the token and sending no referrer', async (url, canonical) => {
    const response = await fetch(server.url + url, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(canonical);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('keeps the usual referrer policy on the public pages, Find my order included', async () => {
    for (const url of ['/', '/order', '/create']) {
      const response = await fetch(server.url + url);
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-robots-tag')).toBeNull();
    }
  });

  it('serves the built assets', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
  });

  it('leaves the API routes to the API', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${server.url}/media/photos/x.png`)).status).toBe(403);
    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ catalogue { currency } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { catalogue: { currency: 'USD' } } });
  });
});

describe('the prerendered build', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'storybook-dist-'));
    writeBuild(dist);
    server = await startTestServer({ CLIENT_DIST_DIR: dist, PUBLIC_URL: `${PUBLIC_URL}/`, META_PIXEL_ID: '1234567890' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('compression', () => {
    it('sends the brotli twin of an asset to a browser that takes br, with the asset type', async () => {
      const res = await get(`${server.url}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.length).toBeLessThan(APP_JS.length / 10);
      expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
    });

    it('sends the gzip twin to a browser that takes only gzip', async () => {
      const res = await get(`${server.url}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(APP_JS);
    });

    it('sends the file as it is without Accept-Encoding, and when no twin exists', async () => {
      const plain = await get(`${server.url}/assets/app-Ab12Cd34.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(APP_JS);
      const identity = await get(`${server.url}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      const tiny = await get(`${server.url}/assets/tiny-Ef56Gh78.js`, { 'accept-encoding': 'br' });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body.toString()).toBe('console.log(1)');
    });

    it('compresses the pages too', async () => {
      const br = await get(`${server.url}/faq`, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).toString()).toContain('<h1>FAQ</h1>');
      const gzip = await get(`${server.url}/faq`, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gzip.body).toString()).toContain('<h1>FAQ</h1>');
      const plain = await get(`${server.url}/faq`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toContain('<h1>FAQ</h1>');
    });
  });

  describe('caching', () => {
    it('marks hashed assets immutable for a year', async () => {
      const res = await get(`${server.url}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each(['/', '/faq', '/payment', '/no/such/page'])('has every browser check %s again (no-cache)', async (url) => {
      const res = await get(server.url + url);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });
  });

  describe('pages', () => {
    it.each([
      ['/', '<h1>Home</h1>'],
      ['/faq', '<h1>FAQ</h1>'],
      ['/faq/', '<h1>FAQ</h1>'],
      ['/pricing', '<h1>Home</h1>'],
      ['/create', '<h1>Home</h1>'],
    ])('answers %s with its prerendered HTML', async (url, content) => {
      const res = await get(server.url + url);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain(content);
    });

    it('fills in PUBLIC_URL and the pixel id where the build left placeholders', async () => {
      const html = (await get(`${server.url}/faq`)).body.toString();
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/x"/>`);
      expect(html).toContain(`{"publicUrl":"${PUBLIC_URL}","pixelId":"1234567890"}`);
      expect(html).not.toContain(PLACEHOLDER);
      expect(html).not.toContain('@@PIXEL_ID@@');
    });

    it.each(['/payment', '/payment?orderId=x', '/video/abc123', '/admin', '/admin/invite/t0k3n', '/create?type=printed'])(
      'answers %s, a page the browser renders, with the app shell',
      async (url) => {
        const res = await get(server.url + url);
        expect(res.status).toBe(200);
        expect(res.body.toString()).toContain('<title>Shell</title>');
      },
    );

    it.each(['/no/such/page', '/faq/more', '/video', '/video/a/b', '/assets/missing-123.js', '/robots'])(
      'answers %s with the 404 page and status 404',
      async (url) => {
        const res = await get(server.url + url);
        expect(res.status).toBe(404);
        expect(res.body.toString()).toContain('<h1>Page Not Found</h1>');
      },
    );

    it('answers a malformed escape in an asset path with 400, not a server error', async () => {
      expect((await get(`${server.url}/assets/%E0`)).status).toBe(400);
    });

    it('leaves the API routes to the API', async () => {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${server.url}/media/photos/x.png`)).status).toBe(403);
    });
  });

  describe("a browser-rendered page's first query, answered in the page", () => {
    let order: { orderId: string; checkoutToken: string };

    beforeAll(async () => {
      order = await placeOrder(new GraphQLClient(`${server.url}/graphql`));
    });

    it('puts the order page its order, as /graphql answers the same query, in a data block before </body>', async () => {
      const res = await get(`${server.url}/order/${order.checkoutToken}`, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(res.body).toString();
      expect(html).toContain('<title>Shell</title>');
      expect(html).toMatch(/<script type="application\/json" id="route-data">[^<]*<\/script><\/body>/);
      const routeData = routeDataOf(html)!;
      expect(routeData.operationName).toBe('OrderPage');
      expect(routeData.variables).toEqual({ token: order.checkoutToken });
      const overApi = await new GraphQLClient(`${server.url}/graphql`).query(ORDER_PAGE_QUERY.query, {
        token: order.checkoutToken,
      });
      expect(routeData.data).toEqual(overApi.data);
      expect(routeData.data.orderPage).toMatchObject({ id: order.orderId, status: 'Pending', __typename: 'OrderPage' });
      // The preload hints stay.
      expect(res.headers.link).toContain('</assets/OrderPage-Cc33.js>; rel=modulepreload');
    });

    it('lets no cache keep a page that holds an order', async () => {
      const res = await get(`${server.url}/order/${order.checkoutToken}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(routeDataOf(res.body.toString())).not.toBeNull();
    });

    it('answers the older /video/{token} address the same way, and gzip too', async () => {
      const res = await get(`${server.url}/video/${order.checkoutToken}/`, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(routeDataOf(gunzipSync(res.body).toString())?.data.orderPage.id).toBe(order.orderId);
    });

    it('keeps the case of the token (the page is found by any casing of its path)', async () => {
      const upper = order.checkoutToken.toUpperCase();
      const lower = order.checkoutToken.toLowerCase();
      const other = upper === order.checkoutToken ? lower : upper;
      const res = await get(`${server.url}/order/${other}`);
      expect(routeDataOf(res.body.toString())).toEqual({
        operationName: 'OrderPage',
        variables: { token: other },
        data: expect.objectContaining({ orderPage: null }),
      });
    });

    it('answers an unknown link with its null order, so the page says at once that the link is not valid', async () => {
      const res = await get(`${server.url}/order/no-such-token`);
      expect(res.status).toBe(200);
      expect(routeDataOf(res.body.toString())?.data.orderPage).toBeNull();
    });

    it('escapes "<" in the data, so nothing in an order can end the block early', async () => {
      const html = (await get(`${server.url}/order/${encodeURIComponent('</script><b>x')}`)).body.toString();
      const routeData = routeDataOf(html);
      expect(routeData?.variables.token).toBe('</script><b>x');
      expect(html).not.toContain('<b>x');
    });

    it.each([
      ['a query the server answers with errors', '/admin/invite/t0k3n', 'no-store'],
      ['a page with no query', '/payment', 'no-cache'],
    ])('sends the plain shell for %s', async (_case, url, cacheControl) => {
      const res = await get(server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(cacheControl);
      const html = res.body.toString();
      expect(html).toContain('<title>Shell</title>');
      expect(routeDataOf(html)).toBeNull();
    });

    it("puts an admin page who is signed in, from the request's own session cookie", async () => {
      await createAdmin(server);
      const staff = new GraphQLClient(`${server.url}/graphql`);
      await signIn(staff);
      const signedIn = await get(`${server.url}/admin`, { cookie: staff.cookie! });
      expect(signedIn.headers['cache-control']).toBe('no-store');
      expect(routeDataOf(signedIn.body.toString())).toEqual({
        operationName: 'AdminMe',
        variables: {},
        data: { me: { id: expect.any(String), email: ADMIN_EMAIL, role: 'OWNER', __typename: 'AdminUser' } },
      });
      // Without the cookie, or with a session that has ended, no one is signed in.
      const visitor = await get(`${server.url}/admin`);
      expect(routeDataOf(visitor.body.toString())?.data).toEqual({ me: null });
      // The cookie as it was before the session ended (a browser would have dropped it).
      const endedCookie = staff.cookie!;
      await staff.query('mutation { logout }');
      const ended = await get(`${server.url}/admin`, { cookie: endedCookie });
      expect(routeDataOf(ended.body.toString())?.data).toEqual({ me: null });
    });

    it('looks nothing up for a HEAD request', async () => {
      const res = await fetch(`${server.url}/order/${order.checkoutToken}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      // The headers a GET would have.
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('preload hints', () => {
    const ORDER_PAGE_SCRIPTS =
      '</assets/OrderPage-Cc33.js>; rel=modulepreload, </assets/apollo-provider-Bb22.js>; rel=modulepreload';

    it('names the chunks a browser-rendered page needs beyond the shell, as routes.json lists them', async () => {
      expect((await get(`${server.url}/order/a-token`)).headers.link).toBe(ORDER_PAGE_SCRIPTS);
      expect((await get(`${server.url}/payment`)).headers.link).toBe(
        '</assets/PaymentPage-Aa11.js>; rel=modulepreload, </assets/apollo-provider-Bb22.js>; rel=modulepreload',
      );
    });

    it.each(['/faq', '/', '/video/abc123', '/no-such-page'])(
      'gives none for %s, which routes.json lists no chunks for',
      async (url) => {
        expect((await get(server.url + url)).headers.link).toBeUndefined();
      },
    );
  });

  describe('robots.txt and sitemap.xml', () => {
    it('allows the storefront, keeps crawlers out of private pages and the API, and points to the sitemap', async () => {
      const res = await get(`${server.url}/robots.txt`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const lines = res.body.toString().split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      for (const prefix of ['/admin', '/order', '/video', '/payment', '/graphql', '/graphiql', '/media']) {
        expect(lines).toContain(`Disallow: ${prefix}`);
      }
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    it('lists the public pages at PUBLIC_URL, aliases left out', async () => {
      const res = await get(`${server.url}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.body.toString();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/faq`, `${PUBLIC_URL}/create`]);
    });
  });
});
