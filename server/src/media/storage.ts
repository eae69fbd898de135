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

export interface Storage {
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
