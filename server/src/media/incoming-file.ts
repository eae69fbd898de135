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
