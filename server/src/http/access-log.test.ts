import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { bodyBytesOf, countBodyBytes, loggablePath, requestIdFor } from './access-log';

describe('loggablePath', () => {
  it('drops the query string and the fragment', () => {
    expect(loggablePath('/media/photos/5b9d.png?exp=1&sig=abc#t=3', false)).toBe('/media/photos/5b9d.png');
  });

  it('replaces tokens: after /video, /order and /invite, and any long token-like segment', () => {
    expect(loggablePath('/video/abc', false)).toBe('/video/[redacted]');
    expect(loggablePath('/admin/invite/xyz', false)).toBe('/admin/invite/[redacted]');
    expect(loggablePath('/order/tok', false)).toBe('/order/[redacted]');
    expect(loggablePath(`/somewhere/${'Ab1_-'.repeat(8)}/next`, false)).toBe('/somewhere/[redacted]/next');
  });

  it('keeps ids and file names an operator needs', () => {
    const id = '5b9d6f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(loggablePath(`/media/photos/${id}.png`, false)).toBe(`/media/photos/${id}.png`);
    expect(loggablePath(`/order/${id}`, false)).toBe(`/order/${id}`);
    expect(loggablePath('/admin/orders.csv?q=mia', false)).toBe('/admin/orders.csv');
  });

  it('masks an e-mail address in a path in production', () => {
    expect(loggablePath('/unsubscribe/parent%40example.com', true)).toBe('/unsubscribe/[email]');
    expect(loggablePath('/unsubscribe/parent%40example.com', false)).toBe('/unsubscribe/parent%40example.com');
  });
});

describe('requestIdFor', () => {
  it("keeps a caller's short, safe id and replaces anything else", () => {
    expect(requestIdFor('lb-7f3a:42')).toBe('lb-7f3a:42');
    expect(requestIdFor(['first', 'second'])).toBe('first');
    for (const bad of [undefined, '', 'x'.repeat(65), 'with space', 'quote"d', 'new\nline']) {
      expect(requestIdFor(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('countBodyBytes', () => {
  /** A server whose responses are counted and written by `respond`; answers what each counted. */
  async function countedServer(respond: (res: ServerResponse) => void) {
    const counted: number[] = [];
    const responses: ServerResponse[] = [];
    const server = http.createServer((_req, res) => {
      countBodyBytes(res);
      responses.push(res);
      res.on('finish', () => counted.push(bodyBytesOf(res)));
      respond(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { url, counted, responses, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('counts a streamed body: strings in their encoding, buffers, and the last chunk given to end', async () => {
    const server = await countedServer((res) => {
      res.write('héllo', 'utf8');
      res.write(Buffer.from([1, 2, 3]));
      res.write('ff00', 'hex');
      res.end('!');
    });
    try {
      const body = Buffer.from(await (await fetch(server.url)).arrayBuffer());
      expect(body.length).toBe(6 + 3 + 2 + 1);
      expect(server.counted).toEqual([body.length]);
    } finally {
      await server.close();
    }
  });

  it('counts with the same two methods for every response, so that no method made for one keeps it alive', async () => {
    const server = await countedServer((res) => res.end('ok'));
    try {
      await (await fetch(server.url)).text();
      await (await fetch(server.url)).text();
      const [first, second] = server.responses;
      expect(first.write).toBe(second.write);
      expect(first.end).toBe(second.end);
      expect(server.counted).toEqual([2, 2]);
    } finally {
      await server.close();
    }
  });
});
