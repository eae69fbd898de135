import http from 'node:http';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('plain HTTP routes', () => {
  it('answers /healthz while the process lives', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it("keeps an idle connection open longer than a load balancer's 60 s, and says so, so no request meets a closing socket", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${server.url}/healthz`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          })
          .on('error', reject);
      });
    const first = await get();
    expect(first.headers.connection).toBe('keep-alive');
    expect(first.headers['keep-alive']).toBe('timeout=65');
    const second = await get();
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });

  it('answers /readyz once the database is migrated and reachable', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('offers Apollo Sandbox as the landing page at /graphql outside production', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/sandbox/i);
  });

  it('keeps CSRF prevention on: a multipart request without the preflight header is refused', async () => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: '{ catalogue { currency } }', variables: {} }));
    form.append('map', '{}');
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/i);
  });

  it('answers a malformed JSON body with a JSON error, not an HTML page', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers a broken multipart request with a JSON error', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'Apollo-Require-Preflight': 'true' },
      body: '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\nnot json\r\n--x--\r\n',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('sends basic security headers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it("serves the catalogue from the server's one source of truth", async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ catalogue { currency shippingCountries
          plans { format title priceCents recommended }
          lifeLessons { value emoji } bookStyles { value }
          limits { minChildAge maxChildAge childNameMaxLength photoMaxBytes photoTypes } } }`,
      }),
    });
    const { data } = (await response.json()) as { data: any };
    expect(data.catalogue).toMatchObject({
      currency: 'USD',
      shippingCountries: ['United States', 'Canada'],
      plans: [
        { format: 'digital', title: 'Digital Comic Book', priceCents: 2500, recommended: false },
        { format: 'printed', title: 'Premium Printed Storybook', priceCents: 5000, recommended: true },
      ],
      bookStyles: [{ value: 'classic' }, { value: 'adventure' }, { value: 'fairytale' }, { value: 'superhero' }],
      limits: {
        minChildAge: 2,
        maxChildAge: 12,
        childNameMaxLength: 50,
        photoMaxBytes: 5242880,
        photoTypes: ['image/jpeg', 'image/png'],
      },
    });
    expect(data.catalogue.lifeLessons.map((l: { value: string }) => l.value)).toEqual([
      'Kindness',
      'Courage',
      'Honesty',
      'Friendship',
      'Responsibility',
      'Perseverance',
      'Patience',
      'Gratitude',
    ]);
    expect(data.catalogue.lifeLessons.every((l: { emoji: string }) => l.emoji.length > 0)).toBe(true);
  });
});

describe('database schema', () => {
  it('has migrations that match the entities exactly', async () => {
    const diff = await server.dataSource.driver.createSchemaBuilder().log();
    expect(diff.upQueries.map((q) => q.query)).toEqual([]);
  });
});
