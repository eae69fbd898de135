// s3rver with one bucket, as the tests use it (test/support/s3rver.ts): the S3-compatible store
// the benchmarks run the shop against, with the CORS rule browsers need to upload straight to it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const BROWSER_UPLOAD_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

/** Starts s3rver on a free loopback port; answers the shop's S3_* environment for it and `close`. */
export async function startS3rver(bucket) {
  const S3rver = createRequire(import.meta.url)('s3rver');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [BROWSER_UPLOAD_CORS] }],
  });
  const { port } = await server.run();
  return {
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
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
