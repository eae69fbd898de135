/**
 * Where files live: local disk by default, an S3-compatible store in a server deployment.
 * Keys are relative paths such as `photos/{orderId}.jpg` or `videos/{name}`.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  /** The whole object's size in bytes, whatever range was asked for. */
  size: number;
}

/** Bytes `start` to `end`, both inclusive, as in an HTTP Range header; `end` < size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored object as a listing sees it. */
export interface ListedObject {
  key: string;
  /** When it was last written: what the orphan sweep's grace period is measured from. */
  modifiedAt: Date;
}

/** A part of a multipart upload as the store acknowledged it: its number (from 1) and ETag. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** Whether a store's CORS rules let a page send it parts: 'unknown' when they cannot be read. */
export type BrowserAccess = 'allowed' | 'not allowed' | 'unknown';

/**
 * Uploads a browser sends straight to the store, in parts, each through a URL the shop signs
 * (S3's presigned multipart upload): the shop never holds the bytes. Only a bucket offers them.
 */
export interface DirectUploads {
  /** The origin the browser sends the parts to, for the pages' Content-Security-Policy. */
  readonly origin: string;
  /**
   * Whether browsers send the parts to the address the shop reads the rules at (AWS's own, or one
   * address for both), so the rules browserAccess reads are the ones they meet. Behind another
   * address (a proxy or CDN that may add CORS headers itself, a published port) they are a hint.
   */
  readonly rulesMetByBrowsers: boolean;
  /** Starts a multipart upload of `key`; returns its id. */
  start(key: string, contentType: string): Promise<string>;
  /** A URL that accepts one PUT of part `partNumber`, for `expiresInSeconds`. */
  partUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  /** Joins the parts into the object `key`; refused by the store when a part is missing or its ETag differs. */
  complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** Discards the upload and its parts; an upload the store no longer knows counts as discarded. */
  abort(key: string, uploadId: string): Promise<void>;
  /**
   * Whether the store's CORS rules let pages from `pageOrigin` PUT parts and read their ETag:
   * 'unknown' when the rules cannot be read (no permission, or a store without the API).
   */
  browserAccess(pageOrigin: string): Promise<BrowserAccess>;
}

export interface Storage {
  /** Present where browsers may upload straight to the store (a bucket set up for it). */
  readonly directUploads?: DirectUploads;
  /** Writes the whole body or nothing: a failed write leaves no object behind. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object, or only `range` of it (a video player seeking); null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `prefix` (`photos/`), a page at a time. On local disk
   * the temporary `.partial` files of writes in progress (or cut off by a crash) are listed
   * too, so the orphan sweep finds them; S3 has no such files.
   */
  list(prefix: string): AsyncIterable<ListedObject[]>;
  /** Where the files are, for logs: `local disk (path)` or `s3://bucket`. */
  describe(): string;
}
