/**
 * What S3Storage does when the bucket stops answering: the storage contract itself is
 * storage.test.ts, run against s3rver.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { s3ClientConfig, S3_TIMEOUTS, S3Storage } from './s3-storage';
import type { S3Config } from '../config';
import { UPLOAD_IDLE_TIMEOUT_MS } from '../http/body-time-limit';

/** The shop's settings for a store on this machine's `port`. */
function silentConfig(port: number): S3Config {
  return {
    bucket: 'silent',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    uploadEndpoint: `http://127.0.0.1:${port}`,
    directUploads: false,
  };
}

/** A "bucket" that takes every connection and every byte sent to it, and never answers. */
async function silentBucket(): Promise<{ config: S3Config; requests: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      if (/^(GET|PUT|POST|HEAD|DELETE) /.test(chunk.toString('latin1', 0, 8))) requests += 1;
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    config: silentConfig(port),
    requests: () => requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A "bucket" that takes any request whole and answers 200, but never says "100 Continue". */
async function bucketWithoutContinue(): Promise<{ config: S3Config; expected: () => string[]; close(): Promise<void> }> {
  const expected: string[] = [];
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { ETag: '"stored"', 'Content-Length': '0' }).end());
  });
  // Registering the listener keeps Node from answering "100 Continue" itself.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    expected.push(String(request.headers.expect));
    server.emit('request', request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    config: { ...silentConfig(port), bucket: 'no-continue' },
    expected: () => expected,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('S3Storage against a store that never says "100 Continue"', () => {
  it('sends a part-sized body at once, without waiting for it', async () => {
    const bucket = await bucketWithoutContinue();
    const client = new S3Client(s3ClientConfig(bucket.config, { connectMs: 1_000, answerMs: 2_000 }));
    try {
      const storage = new S3Storage(bucket.config, { client });
      await expect(storage.put('videos/a.mp4', Buffer.alloc(3 * 1024 * 1024, 1), 'video/mp4')).resolves.toBeUndefined();
      expect(bucket.expected()).toEqual([]);
    } finally {
      client.destroy();
      await bucket.close();
    }
  });
});

describe('S3Storage against a bucket that accepts connections and never answers', () => {
  let bucket: Awaited<ReturnType<typeof silentBucket>>;
  let client: S3Client;
  let storage: S3Storage;

  beforeAll(async () => {
    bucket = await silentBucket();
    client = new S3Client(s3ClientConfig(bucket.config, { connectMs: 1_000, answerMs: 300 }));
    storage = new S3Storage(bucket.config, { client });
  });
  afterAll(async () => {
    client?.destroy();
    await bucket?.close();
  });

  it('gives up on a read after its tries, with a timeout, instead of waiting for ever', async () => {
    const before = bucket.requests();
    await expect(storage.get('photos/a.jpg')).rejects.toMatchObject({ name: 'TimeoutError' });
    // The SDK's three tries, each cut off.
    expect(bucket.requests() - before).toBe(3);
  });

  it('gives up on a write the same way', async () => {
    await expect(storage.put('photos/b.jpg', Buffer.from('a photo'), 'image/jpeg')).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('bounds every try by default: a connection within 5 s, the start of an answer within 30 s', () => {
    expect(S3_TIMEOUTS).toEqual({ connectMs: 5_000, answerMs: 30_000 });
    expect(s3ClientConfig(bucket.config).requestHandler).toEqual({
      connectionTimeout: 5_000,
      requestTimeout: 30_000,
      throwOnRequestTimeout: true,
    });
  });

  it("gives up on three tries before the shop closes the request's silent connection, so its message gets through", () => {
    // Each try ends within answerMs (its time counts from the connection's start); the SDK's pauses
    // between tries are under 2 s (100 ms base, or 500 ms when throttled, doubling): 20 s to spare.
    expect(3 * S3_TIMEOUTS.answerMs + 20_000).toBeLessThan(UPLOAD_IDLE_TIMEOUT_MS);
  });
});
