/**
 * s3rver, an in-process S3 fake, on a random loopback port with one bucket, for the tests of
 * the S3 storage. It keeps its objects in a temporary folder removed on close.
 */
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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

export async function startS3rver(bucket: string): Promise<RunningS3rver> {
  letS3rverMakeContinuationTokens();
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
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
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
