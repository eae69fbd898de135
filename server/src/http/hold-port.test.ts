import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdPort, releasePort } from './hold-port';

const held: http.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => (server.listening ? releasePort(server) : Promise.resolve())));
});

async function hold(port = 0, name?: string): Promise<{ server: http.Server; port: number }> {
  const server = await holdPort(port, '127.0.0.1', name);
  held.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

describe('holdPort', () => {
  it('answers 503 with Retry-After until the app takes over, and tells liveness checks the process lives', async () => {
    const { port } = await hold();
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ status: 'starting' });
    expect((await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST' })).status).toBe(503);
    const alive = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'starting' });
  });

  it('names the port and the setting that chose it when the port is taken', async () => {
    const { port } = await hold();
    await expect(holdPort(port, '127.0.0.1')).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use: stop whatever listens there, or start the shop with another PORT`,
    );
    await expect(holdPort(port, '127.0.0.1', 'METRICS_PORT')).rejects.toThrow(/another METRICS_PORT$/);
  });

  it('gives the port back for a listener that binds it itself', async () => {
    const { server, port } = await hold();
    await releasePort(server);
    const again = await hold(port);
    expect(again.port).toBe(port);
  });
});
