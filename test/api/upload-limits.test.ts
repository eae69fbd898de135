/**
 * What one anonymous request can cost the shop: a photo is held in memory, never spooled to
 * disk, and one past the cap is refused, aliases cannot turn one upload into many orders, and
 * a photo's first bytes are judged however the network splits them.
 */
import http from 'node:http';
import net from 'node:net';
import { readdirSync, readlinkSync } from 'node:fs';
import { once } from 'node:events';
import { WriteStream } from 'fs-capacitor';
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

/** The capacitor-*.tmp spool files this process has open, by name. */
function spoolsHeldOpen(): string[] {
  const names: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed while the folder was read
    }
    const spool = /capacitor-[0-9a-f]+\.tmp/.exec(target);
    if (spool) names.push(spool[0]);
  }
  return names;
}

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
  it('keeps a photo off the disk while it arrives, and refuses one past the cap', async () => {
    // graphql-upload would spool each incoming file to a capacitor-*.tmp it holds open. Other test
    // files spool into the same folder at the same time, so this one watches the files its own
    // process holds, after checking that a spool shows there.
    const probe = new WriteStream();
    await once(probe, 'ready');
    expect(spoolsHeldOpen()).toHaveLength(1);
    probe.release();
    await once(probe, 'close');
    expect(spoolsHeldOpen()).toEqual([]);
    const spooled = new Set<string>();
    const watcher = setInterval(() => {
      for (const name of spoolsHeldOpen()) spooled.add(name);
    }, 2);
    try {
      // Over the photo's cap, within what the request as a whole may carry (5 MiB and its form).
      const huge = Buffer.alloc(5.5 * 1024 * 1024, 3);
      png.copy(huge);
      const refused = await new GraphQLClient(server.url).upload(
        CREATE_ORDER,
        { input: digitalOrder() },
        { childPhoto: { name: 'kid.png', type: 'image/png', data: huge } },
      );
      expect(refused.data!.createOrder.userErrors).toEqual([
        { field: 'childPhoto', message: 'Image should be less than 5MB in size.' },
      ]);
      const accepted = await new GraphQLClient(server.url).upload(
        CREATE_ORDER,
        { input: digitalOrder() },
        { childPhoto: { name: 'kid.png', type: 'image/png', data: png } },
      );
      expect(accepted.data!.createOrder.userErrors).toEqual([]);
    } finally {
      clearInterval(watcher);
    }
    expect([...spooled]).toEqual([]);
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

  it('refuses a 50 MB anonymous upload by its Content-Length without reading it, and closes the connection', async () => {
    const sent = await pushOversizeBody('declared');
    expect(sent.status).toBe(413);
    expect(sent.headers).toMatch(/^connection: close$/im);
    expect(JSON.parse(sent.body)).toEqual({
      errors: [{ message: 'Image should be less than 5MB in size.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
    // What the server read and what the client got into the socket before it closed: a far cry from 50 MB.
    expect(sent.serverRead).toBeLessThan(2 * MiB);
    expect(sent.written).toBeLessThan(20 * MiB);
    expect(await orderCount()).toBe(sent.ordersBefore);
  });

  it('refuses a 50 MB anonymous upload sent without a length as soon as it passes the cap, and closes the connection', async () => {
    const sent = await pushOversizeBody('chunked');
    expect(sent.status).toBe(413);
    expect(sent.headers).toMatch(/^connection: close$/im);
    expect(JSON.parse(sent.body)).toEqual({
      errors: [{ message: 'Image should be less than 5MB in size.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
    // The cap is the photo and its form (6 MiB): the server stopped reading soon after it.
    expect(sent.serverRead).toBeLessThan(8 * MiB);
    expect(sent.written).toBeLessThan(20 * MiB);
    expect(await orderCount()).toBe(sent.ordersBefore);
    // The shop still answers afterwards.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

const MiB = 1024 * 1024;

/**
 * Opens a raw connection and pushes a 50 MB multipart createOrder (a PNG's head, then filler)
 * as fast as the socket takes it, until the server closes it; counts the bytes written and
 * the bytes the server's socket read.
 */
async function pushOversizeBody(framing: 'declared' | 'chunked' = 'declared') {
  const ordersBefore = await orderCount();
  const total = 50 * MiB;
  const boundary = 'oversize-boundary';
  const { preamble } = multipartFrame(
    { query: CREATE_ORDER, variables: { input: digitalOrder(), childPhoto: null } },
    { variable: 'childPhoto', name: 'kid.png', type: 'image/png' },
    boundary,
  );
  const serverSockets: net.Socket[] = [];
  const onConnection = (socket: net.Socket) => serverSockets.push(socket);
  server.app.server.on('connection', onConnection);
  const url = new URL(server.url);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  let closed = false;
  const done = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('close', () => (closed = true));
  socket.on('error', () => undefined); // EPIPE / ECONNRESET once the server cuts it: expected
  const lengthHeader = framing === 'declared' ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Apollo-Require-Preflight: true\r\n${lengthHeader}\r\n\r\n`,
  );
  let written = 0;
  const frame = (data: Buffer) =>
    framing === 'chunked' ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data;
  const body = [...preamble, png];
  const filler = Buffer.alloc(64 * 1024, 7);
  while (!closed && written < total) {
    const data = frame(body.shift() ?? filler);
    written += data.length;
    if (!socket.write(data)) {
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), done]);
    }
  }
  if (!closed) {
    // All of it went in and the server is still listening: finish the request so it answers.
    if (framing === 'chunked') socket.write('0\r\n\r\n');
    socket.end();
  }
  await done;
  server.app.server.off('connection', onConnection);
  const [head, ...rest] = received.split('\r\n\r\n');
  const bodyText = rest.join('\r\n\r\n');
  return {
    ordersBefore,
    written,
    serverRead: serverSockets.reduce((sum, s) => sum + s.bytesRead, 0),
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
    headers: head,
    // A chunked answer would carry chunk sizes; a JSON answer here has a Content-Length.
    body: bodyText,
  };
}
