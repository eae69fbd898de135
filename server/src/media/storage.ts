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

export interface Storage {
  /** Writes the whole body or nothing: a failed write leaves no object behind. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object, or only `range` of it (a video player seeking); null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Where the files are, for logs: `local disk (path)` or `s3://bucket`. */
  describe(): string;
}
