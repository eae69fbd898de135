import type { Readable } from 'node:stream';

/**
 * A file arriving from anywhere: an admin's or a parent's upload (graphql-upload's FileUpload is
 * one), or a job that fetched it from a partner. Services read it once, as a stream.
 */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  createReadStream(options?: { highWaterMark?: number }): Readable;
}

/**
 * Whether reading a file failed because its sender went away first (the upload's request was
 * closed: HTTP's 499). Nobody is waiting for the answer, and nothing went wrong in the shop.
 */
export function senderLeft(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 499;
}
