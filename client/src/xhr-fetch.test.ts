/**
 * @jest-environment node
 */
// Node's own Response, Headers and AbortController (jsdom has no Response); XMLHttpRequest is faked.
import { FakeXhr } from '../../test/support/client/fake-xhr';
import { xhrFetch } from './xhr-fetch';

beforeEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
});

afterEach(() => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
});

describe('xhrFetch', () => {
  it('sends a JSON request like fetch and resolves a Response with status, headers, text and json', async () => {
    const pending = xhrFetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      credentials: 'same-origin',
      body: '{"query":"{ me { id } }"}',
    });
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({ method: 'POST', url: '/graphql', async: true, withCredentials: false });
    expect(xhr.headers).toEqual({ 'content-type': 'application/json', 'apollo-require-preflight': 'true' });
    expect(xhr.body).toBe('{"query":"{ me { id } }"}');
    // Nobody asked for progress: no upload listener (it could force a CORS preflight).
    expect(xhr.upload.onprogress).toBeNull();

    xhr.respond(200, '{"data":{"me":null}}', { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'r1' });
    const response = await pending;
    expect(response).toBeInstanceOf(Response);
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.url).toBe('/graphql');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.clone().text()).toBe('{"data":{"me":null}}');
    expect(await response.json()).toEqual({ data: { me: null } });
  });

  it('reports upload progress to onUploadProgress and sends the multipart body untouched', async () => {
    const form = new FormData();
    form.append('operations', '{}');
    const seen: Array<{ loaded: number; total: number }> = [];
    const pending = xhrFetch('/graphql', { method: 'POST', body: form, onUploadProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect(xhr.body).toBe(form);

    xhr.progress(100, 400);
    xhr.progress(400, 400);
    xhr.respond(200, '{"data":{}}', { 'content-type': 'application/json' });
    await pending;
    expect(seen).toEqual([
      { loaded: 100, total: 400 },
      { loaded: 400, total: 400 },
    ]);
  });

  it('resolves HTTP error statuses as responses, as fetch does', async () => {
    const pending = xhrFetch('/graphql', { method: 'POST', body: '{}' });
    FakeXhr.last.respond(400, '{"errors":[{"message":"bad"}]}', { 'content-type': 'application/json' }, 'Bad Request');
    const response = await pending;
    expect(response.ok).toBe(false);
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('Bad Request');
    expect(await response.json()).toEqual({ errors: [{ message: 'bad' }] });
  });

  it('resolves a response without a body for 204', async () => {
    const pending = xhrFetch('/ping');
    expect(FakeXhr.last.method).toBe('GET');
    FakeXhr.last.respond(204, '', {});
    const response = await pending;
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('rejects with a TypeError when the server cannot be reached', async () => {
    const pending = xhrFetch('/graphql', { method: 'POST' });
    FakeXhr.last.onerror?.();
    await expect(pending).rejects.toThrow(TypeError);
  });

  it('aborts the request when the signal fires, and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const pending = xhrFetch('/graphql', { method: 'POST', signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not start a request whose signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    FakeXhr.last = undefined as unknown as FakeXhr;
    await expect(xhrFetch('/graphql', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBeUndefined();
  });

  it("sends cookies cross-origin only with credentials 'include'", () => {
    void xhrFetch('https://api.example.com/graphql', { credentials: 'include' });
    expect(FakeXhr.last.withCredentials).toBe(true);
  });
});
