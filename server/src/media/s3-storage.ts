/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, ...): the server deployment's `Storage`.
 * Keys map 1:1 to object keys. Buffers go up in one PutObject; streams (finished videos, up
 * to gigabytes) go up as a streamed multipart upload, so memory stays bounded whatever the
 * file's size, and a failed upload is aborted so that no object and no stray parts remain.
 */
import type * as S3ClientModule from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { loadOnFirstUse } from '../common/load-on-first-use';
import type { Logger } from '../common/logger';
import type { S3Config } from '../config';
import type { BrowserAccess, ByteRange, DirectUploads, ListedObject, Storage, StoredObject, UploadedPart } from './storage';

/**
 * AWS's SDK (over a megabyte of JavaScript) is loaded when the shop first touches the bucket, so a
 * shop that keeps its files on local disk never loads it.
 */
type S3Sdk = typeof S3ClientModule & { Upload: typeof Upload; getSignedUrl: typeof getSignedUrl };
const s3Sdk = loadOnFirstUse<S3Sdk>(() =>
  Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]).then(
    ([client, storage, presigner]) => ({
      ...client,
      Upload: storage.Upload,
      getSignedUrl: presigner.getSignedUrl,
    }),
  ),
);

/**
 * Multipart tuning. lib-storage holds at most partSize x queueSize bytes of a stream in memory
 * (here 16 MiB per upload in flight), so a 2 GiB video costs the same memory as a 20 MiB one.
 * 8 MiB parts stay well above S3's 5 MiB minimum and, with the 10,000-part limit, allow objects
 * up to 80 GiB; two parts in flight keep the connection busy while the next part is read from
 * the (usually slower) client upload without multiplying memory per concurrent upload.
 */
export const PART_SIZE = 8 * 1024 * 1024;
export const QUEUE_SIZE = 2;

export interface S3StorageOptions {
  /** A ready client (tests add middleware or point it at a local fake); made from the config otherwise. */
  client?: S3Client;
  /** Where an upload that could not be aborted is reported; its parts then wait for a lifecycle rule. */
  logger?: Logger;
}

/**
 * How long one try of a request to the bucket may wait (the SDK tries three times): for a
 * connection, and from the request's start (a free socket, the connection and a part's body, at
 * most PART_SIZE, included) to the start of the answer. The SDK waits for ever by default, so a
 * store that accepts connections and never answers would hold a checkout's photo or a delivery for
 * good. One call's three tries end well within the 2 minutes the shop lets a connection stay silent
 * (UPLOAD_IDLE_TIMEOUT_MS), so a checkout's failure still reaches the parent; a delivery's clean-up
 * after a failed call is a second call, which may outlast them. A body being read (a video streamed
 * to a parent, who may pause it) is not timed.
 */
export interface S3Timeouts {
  connectMs: number;
  answerMs: number;
}

export const S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, answerMs: 30_000 };

/**
 * The client's settings for a bucket. Since 3.729 the SDK sends CRC32 checksums
 * (`x-amz-checksum-*`, `x-amz-sdk-checksum-algorithm`) on every upload and asks for them on every
 * download. AWS checks them, but S3-compatible stores vary: Cloudflare R2 and Backblaze B2 have
 * refused requests carrying those headers, and others (s3rver among them) silently ignore them.
 * So with a custom endpoint we send checksums only where the API requires them, as those vendors
 * advise; AWS itself keeps the SDK's default end-to-end checks. (s3rver works either way: the
 * tests use this same function so that they exercise what production sends to MinIO.)
 */
export function s3ClientConfig(config: S3Config, timeouts: S3Timeouts = S3_TIMEOUTS): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.answerMs,
      // Without it the SDK only logs a request past its time, and goes on waiting.
      throwOnRequestTimeout: true,
    },
    // The SDK asks `Expect: 100-continue` before a body of 2 MiB or more and then waits up to the
    // whole answer time for a "go on" that a store or a proxy may never send: a part would time out
    // unsent. Parts are buffered and at most PART_SIZE, so one a store refuses costs little to send.
    expectContinueHeader: false,
  };
}

export class S3Storage implements Storage {
  readonly directUploads: DirectUploads | undefined;
  private client: S3Client | undefined;
  private readonly clientConfig: S3ClientConfig;
  private readonly bucket: string;
  private readonly endpointHost: string | undefined;
  private readonly logger: Logger | undefined;

  constructor(config: S3Config, options: S3StorageOptions = {}) {
    this.client = options.client;
    this.clientConfig = s3ClientConfig(config);
    this.bucket = config.bucket;
    this.endpointHost = config.endpoint ? new URL(config.endpoint).host : undefined;
    this.logger = options.logger;
    this.directUploads = config.directUploads
      ? new S3DirectUploads(
          config,
          (key) => this.objectKey(key),
          () => this.s3(),
        )
      : undefined;
  }

  /** The SDK, and the bucket's client, made on first use. */
  async s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const sdk = await s3Sdk.load();
    this.client ??= new sdk.S3Client(this.clientConfig);
    return { sdk, client: this.client };
  }

  /**
   * The object key for a storage key. S3 itself would accept `..` or a leading slash as plain
   * characters, but the same key must mean the same file on local disk, where LocalStorage
   * refuses anything that could leave its folder; refusing here too keeps the two
   * interchangeable and stops a key built from input from wandering into another prefix.
   */
  private objectKey(key: string): string {
    const segments = key.split(/[/\\]/);
    if (key === '' || key.startsWith('/') || key.startsWith('\\') || segments.some((s) => s === '..' || s === '.' || s === '')) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return key;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(body)) {
      // A single PutObject is atomic: S3 stores all of it or nothing.
      const { sdk, client } = await this.s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.length, ContentType: contentType }),
      );
      return;
    }
    await this.putStream(Key, body, contentType);
  }

  private async putStream(Key: string, body: Readable, contentType: string): Promise<void> {
    // Callers tell a refused file from a broken one with instanceof on the error the source
    // stream raised (a cut-off upload, a file over the limit, a file that is not a video), so
    // that very object must come back out, whatever the SDK made of it on the way.
    let sourceError: unknown;
    const onSourceError = (error: unknown) => {
      sourceError ??= error;
    };
    body.on('error', onSourceError);
    let s3: Awaited<ReturnType<S3Storage['s3']>>;
    try {
      s3 = await this.s3();
    } catch (error) {
      body.off('error', onSourceError);
      body.destroy();
      throw sourceError ?? error;
    }
    const { sdk, client } = s3;
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.bucket, Key, Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // We abort ourselves below: when lib-storage's own abort request fails, done() rejects with
      // that request's error (e.g. MethodNotAllowed) instead of the source's, which callers need.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      // lib-storage waits for every part in flight before it rejects, so no part can land
      // after the abort. A stream shorter than one part went up with PutObject: nothing to abort.
      if (upload.uploadId) await this.abortUpload(Key, upload.uploadId);
      // Like stream.pipeline on local disk: a source we stopped reading is not left half-open.
      body.destroy();
      throw sourceError ?? error;
    } finally {
      body.off('error', onSourceError);
    }
  }

  private async abortUpload(Key: string, UploadId: string): Promise<void> {
    try {
      const { sdk, client } = await this.s3();
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }));
    } catch (abortError) {
      // The write has failed either way and its own error matters more to the caller; the parts
      // stay (billed, never visible as an object) until a lifecycle rule removes them.
      this.logger?.warn(
        'could not abort a failed multipart upload; its parts remain until the bucket lifecycle rule removes them',
        {
          bucket: this.bucket,
          key: Key,
          uploadId: UploadId,
          error: abortError,
        },
      );
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.s3();
    try {
      const output = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = output.Body;
      // ContentLength is the length of what was sent; for a range the whole size is only in
      // Content-Range (`bytes 0-99/12345`).
      const size = range ? sizeFromContentRange(output.ContentRange, range) : output.ContentLength;
      if (!(body instanceof Readable) || size === undefined) {
        if (body instanceof Readable) body.destroy();
        throw new Error(
          `Unexpected GetObject response for ${Key}: ${range ? `asked for bytes ${range.start}-${range.end}, got ${output.ContentRange}` : 'no body or length'}`,
        );
      }
      return { stream: body, size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.s3();
    try {
      const output = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key }));
      return output.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that does not exist, so deleting twice is fine.
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async *list(prefix: string): AsyncIterable<ListedObject[]> {
    const { sdk, client } = await this.s3();
    let ContinuationToken: string | undefined;
    do {
      const output = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken, MaxKeys: 1000 }),
      );
      const page = (output.Contents ?? [])
        .filter((object) => object.Key !== undefined)
        // An object without a date counts as just written, so the sweep leaves it alone.
        .map((object) => ({ key: object.Key!, modifiedAt: object.LastModified ?? new Date() }));
      if (page.length > 0) yield page;
      ContinuationToken = output.IsTruncated ? output.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  describe(): string {
    return this.endpointHost ? `s3://${this.bucket} (${this.endpointHost})` : `s3://${this.bucket}`;
  }
}

/**
 * Presigned multipart uploads (https://docs.aws.amazon.com/AmazonS3/latest/userguide/mpuoverview.html,
 * https://docs.aws.amazon.com/AmazonS3/latest/userguide/PresignedUrlUploadObject.html): the shop
 * starts the upload and signs one PUT URL per part; the browser sends the parts and reads each
 * part's ETag (the bucket's CORS rule must allow PUT from the shop's origin and expose ETag); the
 * shop completes the upload with them. The URLs are signed for the address browsers use
 * (`uploadEndpoint`) and without checksums, which a browser's plain PUT cannot send.
 */
class S3DirectUploads implements DirectUploads {
  readonly origin: string;
  readonly rulesMetByBrowsers: boolean;
  private presigner: S3Client | undefined;
  private readonly presignerConfig: S3ClientConfig;

  constructor(
    private readonly config: S3Config,
    private readonly objectKey: (key: string) => string,
    private readonly s3: () => Promise<{ sdk: S3Sdk; client: S3Client }>,
  ) {
    this.presignerConfig = {
      ...s3ClientConfig(config),
      endpoint: config.uploadEndpoint,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.origin = uploadOrigin(config);
    this.rulesMetByBrowsers =
      config.uploadEndpoint === undefined ||
      (config.endpoint !== undefined && new URL(config.uploadEndpoint).origin === new URL(config.endpoint).origin);
  }

  async start(key: string, contentType: string): Promise<string> {
    const { sdk, client } = await this.s3();
    const output = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), ContentType: contentType }),
    );
    if (!output.UploadId) throw new Error(`CreateMultipartUpload for ${key} returned no UploadId`);
    return output.UploadId;
  }

  async partUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    const { sdk } = await this.s3();
    this.presigner ??= new sdk.S3Client(this.presignerConfig);
    return sdk.getSignedUrl(
      this.presigner,
      new sdk.UploadPartCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        UploadId: uploadId,
        PartNumber: partNumber,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  async complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.CompleteMultipartUploadCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
      }),
    );
  }

  async abort(key: string, uploadId: string): Promise<void> {
    const { sdk, client } = await this.s3();
    try {
      await client.send(
        new sdk.AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), UploadId: uploadId }),
      );
    } catch (error) {
      if (isS3Error(error) && error.name === 'NoSuchUpload') return;
      throw error;
    }
  }

  async browserAccess(pageOrigin: string): Promise<BrowserAccess> {
    const { sdk, client } = await this.s3();
    try {
      const { CORSRules = [] } = await client.send(new sdk.GetBucketCorsCommand({ Bucket: this.config.bucket }));
      const allows = CORSRules.some(
        (rule) =>
          (rule.AllowedMethods ?? []).includes('PUT') &&
          (rule.AllowedOrigins ?? []).some((pattern) => originMatches(pattern, pageOrigin)) &&
          (rule.ExposeHeaders ?? []).some((header) => header.toLowerCase() === 'etag'),
      );
      return allows ? 'allowed' : 'not allowed';
    } catch (error) {
      return isS3Error(error) && error.name === 'NoSuchCORSConfiguration' ? 'not allowed' : 'unknown';
    }
  }
}

/** One CORS rule's origin pattern (`*` at most once, as S3 allows) against a page's origin. */
function originMatches(pattern: string, origin: string): boolean {
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === origin;
  const [before, after] = [pattern.slice(0, star), pattern.slice(star + 1)];
  return origin.length >= before.length + after.length && origin.startsWith(before) && origin.endsWith(after);
}

/**
 * Where presigned URLs point, as the SDK builds them: the upload endpoint's origin (the bucket in
 * its path), or AWS's virtual host for the bucket in its region.
 */
export function uploadOrigin(config: Pick<S3Config, 'bucket' | 'region' | 'uploadEndpoint' | 'forcePathStyle'>): string {
  if (config.uploadEndpoint) {
    const endpoint = new URL(config.uploadEndpoint);
    return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  // A bucket name with dots cannot be a virtual host under AWS's certificate: the SDK puts it in the path.
  return config.forcePathStyle || config.bucket.includes('.')
    ? `https://s3.${config.region}.amazonaws.com`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/**
 * The whole size from `bytes start-end/total`, provided the store sent exactly the bytes asked
 * for: the media route has already promised that Content-Length to the browser, so a store that
 * answers with other bytes (s3rver sends the whole object for `bytes=0-0`) is an error, not a
 * silently corrupt video.
 */
function sizeFromContentRange(contentRange: string | undefined, range: ByteRange): number | undefined {
  const match = contentRange ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange) : null;
  if (!match || Number(match[1]) !== range.start || Number(match[2]) !== range.end) return undefined;
  return Number(match[3]);
}

/** An error the store answered with (its name is S3's error code), as opposed to the network's or ours. */
function isS3Error(error: unknown): error is S3ServiceException {
  return s3Sdk.loaded !== undefined && error instanceof s3Sdk.loaded.S3ServiceException;
}

/**
 * A missing object: GetObject says NoSuchKey, HeadObject (no body to carry a code) NotFound.
 * A missing bucket is a configuration error and must not read as "no such file".
 */
function isNotFound(error: unknown): error is S3ServiceException {
  if (!isS3Error(error)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
