/**
 * Where files live: local disk by default, an S3-compatible store in a server deployment.
 * Keys are relative paths such as `photos/{orderId}.jpg` or `videos/{name}`.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  /** Writes the whole body or nothing: a failed write leaves no object behind. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
