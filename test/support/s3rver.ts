/**
 * s3rver, an in-process S3 fake, on a random loopback port with one bucket, for the tests of
 * the S3 storage. It keeps its objects in a temporary folder removed on close.
 */
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../../server/src/config';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string; configs: Array<string | Buffer> }>;
};
// s3rver ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/**
 * s3rver seals ListObjectsV2's continuation tokens with DES, which OpenSSL 3 no longer offers,
 * so any listing longer than one page failed with an internal error. Here (and only for
 * 'des', which nothing else asks for) the token is left unsealed: still opaque to the client.
 */
function letS3rverMakeContinuationTokens(): void {
  type Cipher = Pick<crypto.Cipher, 'update' | 'final'>;
  const plain = (): Cipher =>
    ({
      update: (data: string | Buffer, encoding?: BufferEncoding) =>
        typeof data === 'string' ? Buffer.from(data, encoding) : Buffer.from(data),
      final: () => Buffer.alloc(0),
    }) as unknown as Cipher;
  const patched = crypto as unknown as Record<string, unknown> & { s3rverShim?: true };
  if (patched.s3rverShim) return;
  patched.s3rverShim = true;
  for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
    const original = crypto[name] as (...args: unknown[]) => unknown;
    patched[name] = (...args: unknown[]) => (args[0] === 'des' ? plain() : original.apply(crypto, args));
  }
}

export interface RunningS3rver {
  /** What S3Storage needs to reach the bucket. */
  config: S3Config;
  /** The same, as the app's S3_* environment. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The bucket's CORS rule that admins' browsers need to send videos straight to it: PUT from the
 * shop's pages, and the ETag header readable, which completing the upload needs (see README,
 * "File storage").
 */
export const BROWSER_UPLOAD_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** `cors`: the bucket's CORS configuration (XML), or null for none; the one browsers need by default. */
export async function startS3rver(
  bucket: string,
  { cors = BROWSER_UPLOAD_CORS }: { cors?: string | null } = {},
): Promise<RunningS3rver> {
  letS3rverMakeContinuationTokens();
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: cors ? [cors] : [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      uploadEndpoint: endpoint,
      directUploads: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // The endpoint is this machine's, which a browser here reaches too.
      S3_DIRECT_UPLOADS: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * What the admin's browser does with a direct upload's part: one plain PUT of the bytes to the
 * signed URL, from the shop's page. Its own connection, so closing s3rver waits on no kept-alive socket.
 */
export function putToSignedUrl(
  url: string,
  body: Buffer,
  headers: Record<string, string> = { Origin: 'http://shop.example' },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', agent: false, headers: { ...headers, 'Content-Length': body.length } });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.end(body);
  });
}

/** Sends `file` in the parts a startVideoUpload planned; returns what completing it needs. */
export async function sendVideoParts(
  plan: { partSize: number; parts: Array<{ partNumber: number; url: string }> },
  file: Buffer,
): Promise<Array<{ partNumber: number; etag: string }>> {
  const sent = [];
  for (const part of plan.parts) {
    const start = (part.partNumber - 1) * plan.partSize;
    const response = await putToSignedUrl(part.url, file.subarray(start, start + plan.partSize));
    if (response.status !== 200) throw new Error(`part ${part.partNumber} answered ${response.status}`);
    sent.push({ partNumber: part.partNumber, etag: String(response.headers.etag) });
  }
  return sent;
}
