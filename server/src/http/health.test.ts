import express from 'express';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../common/logger';
import { healthRouter } from './health';

async function serve(query: () => Promise<unknown>, timeoutMs: number) {
  const app = express().use(healthRouter({ query } as never, createLogger('silent'), timeoutMs));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('health checks', () => {
  it('answers ready while the database answers', async () => {
    const app = await serve(async () => [{ '?column?': 1 }], 1000);
    try {
      const response = await fetch(`${app.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready' });
    } finally {
      app.close();
    }
  });

  it('answers 503 when the database hangs instead of waiting on it, and healthz still answers', async () => {
    const app = await serve(() => new Promise(() => undefined), 200);
    try {
      const response = await fetch(`${app.url}/readyz`);
      expect(response.status).toBe(503);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      app.close();
    }
  });

  it('answers 503 when the database refuses', async () => {
    const app = await serve(() => Promise.reject(new Error('connection refused')), 1000);
    try {
      expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
    } finally {
      app.close();
    }
  });
});
