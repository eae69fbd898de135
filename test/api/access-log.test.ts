/**
 * The access log and request ids, read from the app's own log stream: one line per request
 * with what an operator needs, no secret from a URL or a header, probes at debug only, and the
 * request id on every line logged while the request is handled.
 */
import { makePng } from '../support/images';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let raw: string[] = [];
const lines = () => raw.map((line) => JSON.parse(line) as Record<string, any>);
const accessLines = () => lines().filter((line) => line.msg === 'request completed' || line.msg === 'request failed');

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: { write: (line: string) => raw.push(line) } });
});
afterAll(() => server?.close());
beforeEach(() => {
  raw = [];
});

/** The access line is written once the answer is sent; the client may have it a moment before. */
async function accessLineFor(requestId: string): Promise<Record<string, any>> {
  for (let i = 0; i < 100; i++) {
    const line = accessLines().find((l) => l.reqId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no access line for ${requestId}:\n${raw.join('')}`);
}

describe('the access log', () => {
  it('logs one line per request: id, method, path, status, duration and body bytes', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'client-req-1' },
      body: JSON.stringify({ query: '{ shopConfig { paymentProvider } }' }),
    });
    const body = await response.text();
    expect(response.headers.get('x-request-id')).toBe('client-req-1');
    const line = await accessLineFor('client-req-1');
    expect(line).toMatchObject({ level: 'info', method: 'POST', path: '/graphql', status: 200, bytes: Buffer.byteLength(body) });
    expect(typeof line.durationMs).toBe('number');
  });

  it('makes a new request id when the caller sends none, or one that is too long or odd', async () => {
    const none = await fetch(`${server.url}/healthz`);
    const tooLong = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a'.repeat(65) } });
    const odd = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'id with spaces "and" quotes' } });
    for (const response of [none, tooLong, odd]) {
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(new Set([none, tooLong, odd].map((r) => r.headers.get('x-request-id'))).size).toBe(3);
  });

  it('never writes a signed link, a token in a path, a cookie or an authorization header', async () => {
    await fetch(`${server.url}/media/photos/kid.png?exp=99999999999&sig=SIGSECRET123`, {
      headers: { 'x-request-id': 'media-1', cookie: 'storybook_session=COOKIESECRET', authorization: 'Bearer AUTHSECRET' },
    });
    const videoToken = 'VideoTokenSecret_0123456789abcdefghijABCDEFGHIJ';
    await fetch(`${server.url}/video/${videoToken}?download=1`, { headers: { 'x-request-id': 'video-1' } });
    await fetch(`${server.url}/order/ORDERTOKEN42?token=QUERYTOKEN`, { headers: { 'x-request-id': 'order-1' } });

    expect(await accessLineFor('media-1')).toMatchObject({ method: 'GET', path: '/media/photos/kid.png', status: 403 });
    expect((await accessLineFor('video-1')).path).toBe('/video/[redacted]');
    expect((await accessLineFor('order-1')).path).toBe('/order/[redacted]');
    const all = raw.join('');
    for (const secret of ['SIGSECRET123', 'sig=', 'COOKIESECRET', 'AUTHSECRET', videoToken, 'ORDERTOKEN42', 'QUERYTOKEN']) {
      expect(all).not.toContain(secret);
    }
  });

  it('leaves health probes out at info', async () => {
    await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'probe-1' } });
    await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': 'probe-2' } });
    await fetch(`${server.url}/graphql?query=%7B__typename%7D`, {
      headers: { 'x-request-id': 'after-probes', 'apollo-require-preflight': 'true' },
    });
    await accessLineFor('after-probes'); // written after the probes' would have been
    expect(raw.join('')).not.toContain('probe-');
  });
});

describe('request ids in the lines a request logs', () => {
  it('carries the id into a resolver and the service it calls (a JSON request)', async () => {
    await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'login-req-7' },
      body: JSON.stringify({
        query: 'mutation { login(email: "nobody@example.com", password: "wrong password") { admin { id } } }',
      }),
    });
    await accessLineFor('login-req-7');
    expect(lines().find((line) => line.msg === 'login failed')).toMatchObject({ level: 'warn', reqId: 'login-req-7' });
  });

  it('carries the id through an upload: the order is logged with the id of the request that placed it', async () => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: CREATE_ORDER, variables: { input: digitalOrder(), childPhoto: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.childPhoto'] }));
    form.append('0', new Blob([await makePng()], { type: 'image/png' }), 'kid.png');
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', 'x-request-id': 'order-req-9' },
      body: form,
    });
    const { data } = (await response.json()) as { data: { createOrder: { orderId: string } } };
    await accessLineFor('order-req-9');
    expect(lines().find((line) => line.msg === 'order created')).toMatchObject({
      reqId: 'order-req-9',
      orderId: data.createOrder.orderId,
    });
  });
});
