/**
 * What one anonymous request can cost the shop: an oversize upload is cut off at the photo
 * cap instead of being spooled to disk, aliases cannot turn one upload into many orders, and
 * a photo's first bytes are judged however the network splits them.
 */
import http from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GraphQLClient } from '../support/graphql-client';
import { makePng } from '../support/images';
import { multipartFrame } from '../support/multipart';
import { CREATE_ORDER, digitalOrder } from '../support/orders';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  png = await makePng();
});
afterAll(() => server?.close());

const orderCount = async () => (await server.dataSource.query('SELECT count(*)::int AS n FROM orders'))[0].n as number;

function multipartBody(query: string, variables: Record<string, unknown>, file: Buffer, boundary: string): Buffer[] {
  const { preamble, closing } = multipartFrame(
    { query, variables },
    { variable: 'childPhoto', name: 'kid.png', type: 'image/png' },
    boundary,
  );
  return [...preamble, file, closing];
}

/** Sends the parts with a pause after each, so the server receives them as separate chunks. */
function sendInPieces(parts: Buffer[], boundary: string): Promise<any> {
  const url = new URL(`${server.url}/graphql`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'apollo-require-preflight': 'true',
          'transfer-encoding': 'chunked',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      },
    );
    request.on('error', reject);
    (async () => {
      for (const part of parts) {
        request.write(part);
        await new Promise((r) => setTimeout(r, 40));
      }
      request.end();
    })().catch(reject);
  });
}

describe('upload limits', () => {
  it('cuts an oversize photo off at the cap instead of spooling it all to disk', async () => {
    // graphql-upload buffers each incoming file in os.tmpdir() as capacitor-*.tmp.
    const spool = os.tmpdir();
    const before = new Set(readdirSync(spool).filter((name) => name.startsWith('capacitor-')));
    let largest = 0;
    const watcher = setInterval(() => {
      for (const name of readdirSync(spool)) {
        if (!name.startsWith('capacitor-') || before.has(name)) continue;
        try {
          largest = Math.max(largest, statSync(path.join(spool, name)).size);
        } catch {
          // removed between listing and stat
        }
      }
    }, 2);
    try {
      const huge = Buffer.alloc(40 * 1024 * 1024, 3);
      png.copy(huge);
      const response = await new GraphQLClient(server.url).upload(
        CREATE_ORDER,
        { input: digitalOrder() },
        {
          childPhoto: { name: 'kid.png', type: 'image/png', data: huge },
        },
      );
      expect(response.data!.createOrder.userErrors).toEqual([
        { field: 'childPhoto', message: 'Image should be less than 5MB in size.' },
      ]);
    } finally {
      clearInterval(watcher);
    }
    expect(largest).toBeGreaterThan(0); // the watcher did see the spool file
    expect(largest).toBeLessThanOrEqual(5 * 1024 * 1024 + 1);
  });

  it('refuses a second file in the same request', async () => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: CREATE_ORDER, variables: { input: digitalOrder(), childPhoto: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.childPhoto'], 1: ['variables.extra'] }));
    form.append('0', new Blob([png], { type: 'image/png' }), 'a.png');
    form.append('1', new Blob([png], { type: 'image/png' }), 'b.png');
    const before = await orderCount();
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Apollo-Require-Preflight': 'true' },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await orderCount()).toBe(before);
  });

  it('creates one order per request, however many aliases ask for more', async () => {
    const query = `mutation($input: CreateOrderInput!, $childPhoto: Upload!) {
      a: createOrder(input: $input, childPhoto: $childPhoto) { orderId userErrors { message } }
      b: createOrder(input: $input, childPhoto: $childPhoto) { orderId userErrors { message } }
      c: createOrder(input: $input, childPhoto: $childPhoto) { orderId userErrors { message } }
    }`;
    const before = await orderCount();
    const response = await new GraphQLClient(server.url).upload(
      query,
      { input: digitalOrder() },
      {
        childPhoto: { name: 'kid.png', type: 'image/png', data: png },
      },
    );
    const { a, b, c } = response.data!;
    expect(a.userErrors).toEqual([]);
    expect(a.orderId).toEqual(expect.any(String));
    for (const refused of [b, c]) {
      expect(refused).toEqual({ orderId: null, userErrors: [{ message: 'Only one order can be created per request.' }] });
    }
    expect(await orderCount()).toBe(before + 1);
  });

  it('accepts a PNG whose first bytes arrive on their own', async () => {
    const boundary = 'storybook-boundary';
    const [operations, map, fileHead, file, end] = multipartBody(
      CREATE_ORDER,
      { input: digitalOrder(), childPhoto: null },
      png,
      boundary,
    );
    const body = await sendInPieces([operations, map, fileHead, file.subarray(0, 3), file.subarray(3), end], boundary);
    expect(body.data.createOrder.userErrors).toEqual([]);
    expect(body.data.createOrder.orderId).toEqual(expect.any(String));
  });
});
