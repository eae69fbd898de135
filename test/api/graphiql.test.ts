/**
 * GraphiQL at /graphiql: the built page (client/dist-graphiql, built here if missing) loads
 * only from the shop itself; it is there outside production, and in production only with
 * API_EXPLORER=true; Apollo Sandbox's page links to it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';

const distDir = path.resolve(__dirname, '..', '..', 'client', 'dist-graphiql');
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  STRIPE_SECRET_KEY: 'sk_test_graphiql',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_graphiql',
  STRIPE_WEBHOOK_SECRET: 'whsec_graphiql',
  GRAPHIQL_DIST_DIR: distDir,
};

let server: TestServer;
beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    execFileSync('npm', ['run', 'build:graphiql', '-w', 'client'], { stdio: 'ignore' });
  }
  server = await startTestServer({ GRAPHIQL_DIST_DIR: distDir });
}, 180_000);
afterAll(() => server?.close());

/** Every src and href of the page's script and link elements. */
const assetsOf = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);

describe('GraphiQL at /graphiql', () => {
  it('serves a page whose scripts and styles all come from the shop itself', async () => {
    const response = await fetch(`${server.url}/graphiql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<div id="graphiql">');
    // No inline script: the policy allows none.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = assetsOf(html);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/graphiql\/assets\//);
      expect((await fetch(server.url + asset)).status).toBe(200);
    }
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self';script-src 'self';/);
  });

  it('is linked from Apollo Sandbox’s page at /graphql', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await response.text()).toMatch(/<a class="graphiql-link" href="\/graphiql">/);
  });
});

describe('GraphiQL in production', () => {
  it('is not there (404, not the storefront), nor its assets', async () => {
    const production = await startTestServer(PRODUCTION);
    try {
      for (const url of ['/graphiql', '/graphiql/', '/graphiql/assets/anything.js']) {
        const response = await fetch(production.url + url);
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain('graphiql');
      }
    } finally {
      await production.close();
    }
  });

  it('is there with API_EXPLORER=true, like Apollo Sandbox', async () => {
    const production = await startTestServer({ ...PRODUCTION, API_EXPLORER: 'true' });
    try {
      expect((await fetch(`${production.url}/graphiql`)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
