import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';

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

describe('the built client on the same port', () => {
  it.each(['/', '/create', '/payment?orderId=x', '/admin/dashboard', '/no/such/page'])(
    'answers %s with the app so the client router can take over',
    async (url) => {
      const response = await fetch(server.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    },
  );

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
