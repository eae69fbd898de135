/**
 * The Storage contract, run against every implementation: local disk in a temporary folder,
 * and S3Storage against s3rver (an in-process S3 fake on a random port). Both must behave the
 * same for the app, so each behaviour is one test run on both.
 */
import { type CreateMultipartUploadCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { UserErrorCode, UserFacingError } from '../common/user-error';
import { LocalStorage } from './local-storage';
import { putToSignedUrl, startS3rver } from '../../../test/support/s3rver';
import { PART_SIZE, s3ClientConfig, S3Storage } from './s3-storage';
import type { Storage } from './storage';

const MiB = 1024 * 1024;
const BIG = 20 * MiB; // more than two parts of PART_SIZE

/** One implementation under test, with the checks that only make sense for it. */
interface Backend {
  storage: Storage;
  /** After a stream big enough for several parts: it went up in parts, where the backend has them. */
  expectWrittenInParts(key: string, minParts: number): void;
  /** After a write that failed midway: nothing of it is left behind (temporary file, open multipart upload). */
  expectNothingLeftOfFailedWrite(key: string): void;
  /** After a listing: it took more than one page, where the backend pages. */
  expectListedInPages(): void;
  close(): Promise<void>;
}

function localBackend(): Backend {
  const root = mkdtempSync(path.join(os.tmpdir(), 'storage-test-local-'));
  const files = () => readdirSync(root, { recursive: true, encoding: 'utf8' });
  return {
    storage: new LocalStorage(root),
    expectWrittenInParts: () => {}, // a file is written as one stream; no parts to look at
    expectListedInPages: () => {}, // a folder is read whole
    expectNothingLeftOfFailedWrite(key) {
      expect(files().filter((name) => name.endsWith('.partial') || name === key)).toEqual([]);
    },
    async close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

interface SentCommand {
  name: string;
  input: Record<string, unknown>;
  output?: unknown;
  failed: boolean;
}

async function s3Backend(): Promise<Backend> {
  const s3rver = await startS3rver('storage-test');
  const { config } = s3rver;
  // The same client settings as production with a custom endpoint, plus a record of every
  // command sent, so the tests can see how an upload went up and how a failed one was dropped.
  const client = new S3Client(s3ClientConfig(config));
  const sent: SentCommand[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      // Pages of two keys, so a listing of a few objects already needs continuation tokens.
      if (context.commandName === 'ListObjectsV2Command') (args.input as { MaxKeys?: number }).MaxKeys = 2;
      const entry: SentCommand = { name: context.commandName ?? '?', input: args.input as Record<string, unknown>, failed: true };
      sent.push(entry);
      const result = await next(args);
      entry.output = result.output;
      entry.failed = false;
      return result;
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  const forKey = (name: string, key: string) => sent.filter((c) => c.name === name && c.input.Key === key);
  return {
    storage: new S3Storage(config, { client }),
    expectWrittenInParts(key, minParts) {
      expect(forKey('CreateMultipartUploadCommand', key)).toHaveLength(1);
      expect(forKey('UploadPartCommand', key).filter((c) => !c.failed).length).toBeGreaterThanOrEqual(minParts);
      expect(forKey('CompleteMultipartUploadCommand', key).filter((c) => !c.failed)).toHaveLength(1);
    },
    expectNothingLeftOfFailedWrite(key) {
      // Parts had gone up before the source failed, so there was an upload to abort...
      const created = forKey('CreateMultipartUploadCommand', key);
      expect(created).toHaveLength(1);
      expect(forKey('UploadPartCommand', key).filter((c) => !c.failed).length).toBeGreaterThanOrEqual(1);
      // ...it was never completed, and it was aborted by its id. s3rver implements neither
      // AbortMultipartUpload nor ListMultipartUploads, so whether the server dropped the parts
      // cannot be checked here: what is checked is that the abort was asked for.
      expect(forKey('CompleteMultipartUploadCommand', key)).toEqual([]);
      const uploadId = (created[0].output as CreateMultipartUploadCommandOutput).UploadId;
      expect(forKey('AbortMultipartUploadCommand', key).map((c) => c.input.UploadId)).toEqual([uploadId]);
    },
    expectListedInPages() {
      const lists = sent.filter((c) => c.name === 'ListObjectsV2Command' && !c.failed);
      expect(lists.length).toBeGreaterThan(1);
      expect(lists.slice(1).every((c) => typeof c.input.ContinuationToken === 'string')).toBe(true);
    },
    async close() {
      client.destroy();
      await s3rver.close();
    },
  };
}

/**
 * A stream of `total` random bytes made on demand (so a 20 MiB test does not hold them twice),
 * hashed as they go out; with `fail`, it errors with that very object once `after` bytes are out.
 */
function generated(total: number, fail?: { after: number; error: Error }): { stream: Readable; sha256(): string } {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let sent = 0; sent < total; sent += MiB) {
      if (fail && sent >= fail.after) throw fail.error;
      const chunk = randomBytes(Math.min(MiB, total - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; length: number }> {
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), length };
}

describe.each([
  ['LocalStorage', async () => localBackend()],
  ['S3Storage (s3rver)', s3Backend],
])('%s', (_name, makeBackend: () => Promise<Backend>) => {
  let backend: Backend;
  let storage: Storage;

  beforeAll(async () => {
    backend = await makeBackend();
    storage = backend.storage;
  });
  afterAll(() => backend?.close());

  it('stores a buffer and gives back the same bytes and size', async () => {
    const bytes = randomBytes(4096);
    await storage.put('photos/buffer.jpg', bytes, 'image/jpeg');

    const object = await storage.get('photos/buffer.jpg');
    expect(object?.size).toBe(4096);
    expect((await readAll(object!.stream)).equals(bytes)).toBe(true);
    expect(await storage.size('photos/buffer.jpg')).toBe(4096);
    expect(await storage.exists('photos/buffer.jpg')).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    await storage.put('photos/again.png', Buffer.from('first version'), 'image/png');
    await storage.put('photos/again.png', Buffer.from('second'), 'image/png');

    const object = await storage.get('photos/again.png');
    expect((await readAll(object!.stream)).toString()).toBe('second');
    expect(object!.size).toBe(6);
  });

  it('streams a body larger than one upload part and reads it back identical', async () => {
    const source = generated(BIG);
    await storage.put('videos/big.mp4', source.stream, 'video/mp4');

    const object = await storage.get('videos/big.mp4');
    expect(object?.size).toBe(BIG);
    expect(await sha256Of(object!.stream)).toEqual({ sha256: source.sha256(), length: BIG });
    backend.expectWrittenInParts('videos/big.mp4', Math.ceil(BIG / PART_SIZE));
  });

  it('stores a stream shorter than one part whole', async () => {
    const source = generated(3 * MiB + 17);
    await storage.put('videos/short.mp4', source.stream, 'video/mp4');

    const object = await storage.get('videos/short.mp4');
    expect(await sha256Of(object!.stream)).toEqual({ sha256: source.sha256(), length: 3 * MiB + 17 });
  });

  it('gives back exactly the requested range, with the whole size', async () => {
    const bytes = randomBytes(10_000);
    await storage.put('videos/seek.mp4', bytes, 'video/mp4');

    const middle = await storage.get('videos/seek.mp4', { start: 1000, end: 1999 });
    expect(middle?.size).toBe(10_000);
    expect((await readAll(middle!.stream)).equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await storage.get('videos/seek.mp4', { start: 9990, end: 9999 });
    expect(tail?.size).toBe(10_000);
    expect((await readAll(tail!.stream)).equals(bytes.subarray(9990))).toBe(true);

    // What Safari asks for first. (Not `bytes=0-0`: s3rver answers that with the whole object.)
    const head = await storage.get('videos/seek.mp4', { start: 0, end: 1 });
    expect((await readAll(head!.stream)).equals(bytes.subarray(0, 2))).toBe(true);
  });

  it('reports a missing key as absent rather than failing', async () => {
    expect(await storage.get('photos/missing.jpg')).toBeNull();
    expect(await storage.get('photos/missing.jpg', { start: 0, end: 9 })).toBeNull();
    expect(await storage.size('photos/missing.jpg')).toBeNull();
    expect(await storage.exists('photos/missing.jpg')).toBe(false);
  });

  it('deletes an object, and deleting a missing key is fine', async () => {
    await storage.put('photos/doomed.jpg', Buffer.from('bye'), 'image/jpeg');
    await storage.delete('photos/doomed.jpg');

    expect(await storage.get('photos/doomed.jpg')).toBeNull();
    expect(await storage.exists('photos/doomed.jpg')).toBe(false);
    await expect(storage.delete('photos/doomed.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('photos/never-there.jpg')).resolves.toBeUndefined();
  });

  it('leaves no object behind when the source fails halfway, and rejects with the source error itself', async () => {
    const cutOff = new Error('client disconnected');
    const source = generated(BIG, { after: 2 * PART_SIZE + 2 * MiB, error: cutOff });

    await expect(storage.put('videos/cut-off.mp4', source.stream, 'video/mp4')).rejects.toBe(cutOff);

    expect(await storage.get('videos/cut-off.mp4')).toBeNull();
    expect(await storage.exists('videos/cut-off.mp4')).toBe(false);
    backend.expectNothingLeftOfFailedWrite('videos/cut-off.mp4');
  });

  it('passes a refusal raised while reading the source through as the same UserFacingError', async () => {
    // As the upload route does: a transform between the request and the store that refuses the
    // file part way through (too large, not a video). The caller checks instanceof on it.
    const refusal = new UserFacingError(UserErrorCode.INVALID_INPUT, 'That file is too large.', 'video');
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > 2 * PART_SIZE + MiB ? refusal : null, chunk);
      },
    });
    const source = pipeline(generated(BIG).stream, limit, () => {});

    const put = storage.put('videos/refused.mp4', source, 'video/mp4');
    await expect(put).rejects.toBe(refusal);
    await expect(put).rejects.toBeInstanceOf(UserFacingError);

    expect(await storage.get('videos/refused.mp4')).toBeNull();
    backend.expectNothingLeftOfFailedWrite('videos/refused.mp4');
  });

  it('keeps the previous object when a replacing write fails', async () => {
    await storage.put('videos/keep.mp4', Buffer.from('the good version'), 'video/mp4');
    const broken = new Error('upload interrupted');

    await expect(
      storage.put('videos/keep.mp4', generated(BIG, { after: 2 * MiB, error: broken }).stream, 'video/mp4'),
    ).rejects.toBe(broken);

    const object = await storage.get('videos/keep.mp4');
    expect((await readAll(object!.stream)).toString()).toBe('the good version');
  });

  it('lists every object under a prefix with when it was written, across pages', async () => {
    const before = Date.now() - 5_000;
    const keys = ['listing/a.jpg', 'listing/b.jpg', 'listing/c.png', 'listing/d.mp4', 'listing/e.pdf'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'application/octet-stream');
    await storage.put('listing-not/x.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.put('elsewhere/y.jpg', Buffer.from('y'), 'image/jpeg');

    const listed = [];
    for await (const page of storage.list('listing/')) listed.push(...page);
    expect(listed.map((object) => object.key).sort()).toEqual(keys);
    for (const object of listed) {
      expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(object.modifiedAt.getTime()).toBeLessThan(Date.now() + 5_000);
    }
    backend.expectListedInPages();

    const none = [];
    for await (const page of storage.list('nothing-here/')) none.push(...page);
    expect(none).toEqual([]);
  });

  it.each(['../escape.jpg', 'photos/../../escape.jpg', '/etc/passwd', ''])(
    'refuses the key %j for every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Invalid storage key');
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 'image/jpeg')).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.size(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.exists(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    },
  );

  it('says where the files are', () => {
    expect(storage.describe()).toMatch(/^(local disk \(.+\)|s3:\/\/storage-test \(127\.0\.0\.1:\d+\))$/);
  });
});

describe('uploads straight from the browser to the bucket', () => {
  let s3rver: Awaited<ReturnType<typeof startS3rver>>;
  let storage: S3Storage;

  beforeAll(async () => {
    s3rver = await startS3rver('direct-test');
    storage = new S3Storage(s3rver.config);
  });
  afterAll(() => s3rver.close());

  /** What the admin's browser does with a part, reading the ETag the bucket's CORS rule exposes. */
  async function putPart(url: string, body: Buffer): Promise<string> {
    const response = await putToSignedUrl(url, body);
    expect(response.status).toBe(200);
    expect(response.headers['access-control-expose-headers']).toMatch(/ETag/i);
    return response.headers.etag as string;
  }

  it('joins parts sent to signed URLs into one object, without the shop touching the bytes', async () => {
    const uploads = storage.directUploads!;
    expect(uploads.origin).toBe(new URL(s3rver.config.endpoint!).origin);
    const file = randomBytes(PART_SIZE + MiB);
    const key = 'videos/direct.mp4';
    const uploadId = await uploads.start(key, 'video/mp4');

    const first = await uploads.partUrl(key, uploadId, 1, 3600);
    const second = await uploads.partUrl(key, uploadId, 2, 3600);
    expect(new URL(first).origin).toBe(uploads.origin);
    // Signed in the query, with no checksum a browser's PUT could not send.
    expect(new URL(first).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toMatch(/checksum/i);
    // For this part of this upload only, for an hour, with the shop's key. (s3rver does not check
    // SigV4 signatures; AWS and other stores refuse a URL whose query was changed.)
    const signed = new URL(first).searchParams;
    expect(signed.get('X-Amz-Expires')).toBe('3600');
    expect(signed.get('partNumber')).toBe('1');
    expect(signed.get('uploadId')).toBe(uploadId);
    expect(signed.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(signed.get('X-Amz-SignedHeaders')).toBe('host');

    const etags = [await putPart(first, file.subarray(0, PART_SIZE)), await putPart(second, file.subarray(PART_SIZE))];
    await uploads.complete(
      key,
      uploadId,
      etags.map((etag, index) => ({ partNumber: index + 1, etag })),
    );

    expect(await storage.size(key)).toBe(file.length);
    const stored = await storage.get(key);
    expect((await readAll(stored!.stream)).equals(file)).toBe(true);
  });

  it('keeps keys from leaving their prefix here too', async () => {
    await expect(storage.directUploads!.start('../escape.mp4', 'video/mp4')).rejects.toThrow('Invalid storage key');
    await expect(storage.directUploads!.partUrl('/etc/passwd', 'id', 1, 60)).rejects.toThrow('Invalid storage key');
  });

  it("reads from the bucket's CORS rules whether the shop's pages may send parts and read their ETag", async () => {
    // The rule README gives, for any origin here.
    expect(await storage.directUploads!.browserAccess('https://shop.example.com')).toBe('allowed');
    const rule = (origin: string, expose: string) =>
      `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>` +
      `<AllowedHeader>*</AllowedHeader>${expose}</CORSRule></CORSConfiguration>`;
    const cases: Array<[string | null, string]> = [
      [null, 'not allowed'],
      [rule('https://shop.example.com', '<ExposeHeader>ETag</ExposeHeader>'), 'allowed'],
      [rule('https://*.example.com', '<ExposeHeader>etag</ExposeHeader>'), 'allowed'],
      [rule('https://other.example.org', '<ExposeHeader>ETag</ExposeHeader>'), 'not allowed'],
      [rule('https://shop.example.com', ''), 'not allowed'],
    ];
    for (const [cors, expected] of cases) {
      const other = await startS3rver('cors-check', { cors });
      try {
        expect([cors, await new S3Storage(other.config).directUploads!.browserAccess('https://shop.example.com')]).toEqual([
          cors,
          expected,
        ]);
      } finally {
        await other.close();
      }
    }
  });

  it('is offered only where configured, and never on local disk', () => {
    expect(new S3Storage({ ...s3rver.config, directUploads: false }).directUploads).toBeUndefined();
    const local: Storage = new LocalStorage(os.tmpdir());
    expect(local.directUploads).toBeUndefined();
  });

  it.each([
    ['virtual-hosted', 'media', false, 'https://media.s3.eu-west-2.amazonaws.com'],
    ['path-style', 'media', true, 'https://s3.eu-west-2.amazonaws.com'],
    ['dotted bucket', 'media.example.com', false, 'https://s3.eu-west-2.amazonaws.com'],
  ])(
    "names AWS's own %s address as the pages' upload origin, as the SDK signs it",
    async (_style, bucket, forcePathStyle, origin) => {
      const aws = new S3Storage({
        bucket,
        region: 'eu-west-2',
        endpoint: undefined,
        forcePathStyle,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
        uploadEndpoint: undefined,
        directUploads: true,
      });
      expect(aws.directUploads!.origin).toBe(origin);
      // Signing is local: no request leaves the machine.
      const url = await aws.directUploads!.partUrl('videos/a.mp4', 'upload-1', 1, 60);
      expect(new URL(url).origin).toBe(origin);
      // AWS's client sends checksums by default; the part URLs must not ask a browser for one.
      expect(url).not.toMatch(/checksum/i);
    },
  );

  it.each([
    ['AWS itself', undefined, undefined, true],
    ['a store at one address for the shop and browsers', 'https://files.example.com', 'https://files.example.com/', true],
    ['a store browsers reach at another address', 'http://minio:9000', 'https://files.example.com', false],
  ])('says whether browsers meet the CORS rules the shop reads: %s', (_where, endpoint, uploadEndpoint, met) => {
    const store = new S3Storage({
      bucket: 'media',
      region: 'eu-west-2',
      endpoint,
      forcePathStyle: endpoint !== undefined,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      uploadEndpoint,
      directUploads: true,
    });
    expect(store.directUploads!.rulesMetByBrowsers).toBe(met);
  });
});
