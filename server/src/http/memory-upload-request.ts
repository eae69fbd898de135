/**
 * The GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * for a parent's photo, parsed with its file held in memory.
 *
 * graphql-upload's own parser spools every file to a temporary file and the resolver reads it
 * back: for a phone's 3 MB photo that write and read cost the shop about as much CPU as decoding
 * the picture, and the photo is read into memory anyway to be judged and re-encoded. Here each
 * file is kept as the chunks that arrived, up to its cap, and handed out as a stream of them;
 * the bytes held by all requests in flight stay within one budget, and are let go once the
 * response is sent. Same contract and messages as graphql-upload's `processRequest` (its
 * `graphqlUploadExpress` runs this one instead), so the `Upload` scalar and resolvers are unchanged.
 */
import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import Upload from 'graphql-upload/Upload.mjs';

const SPEC_URL = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

/** What the upload middleware answers with: `status` is sent, `message` is safe to show. */
export class UploadRequestError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRequestError';
  }
}

export const UPLOADS_BUSY_MESSAGE = 'The shop is receiving many photos right now. Please try again in a minute.';

/** Bytes of uploaded files held in memory, across every request in flight. */
export class MemoryBudget {
  private used = 0;

  constructor(readonly limitBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  take(bytes: number): boolean {
    if (this.used + bytes > this.limitBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}

/** One file of the request, as it arrives; read by any number of streams, each from its start. */
class MemoryFile {
  private chunks: Buffer[] = [];
  private held = 0;
  private ended = false;
  private released = false;
  private failure: Error | null = null;
  private waiting: Array<() => void> = [];

  constructor(private readonly budget: MemoryBudget) {}

  append(chunk: Buffer): void {
    if (this.failure || this.released) return;
    if (!this.budget.take(chunk.length)) return this.fail(new UploadRequestError(503, UPLOADS_BUSY_MESSAGE));
    this.held += chunk.length;
    this.chunks.push(chunk);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  /** The file can no longer be read: what it held is let go, and its readers see `error`. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.release();
  }

  /** Lets go of the bytes (the response is out); a reader still reading is told so. */
  release(): void {
    this.released = true;
    this.budget.give(this.held);
    this.held = 0;
    this.chunks = [];
    this.wake();
  }

  createReadStream(): Readable {
    this.throwIfGone();
    return Readable.from(this.read(), { objectMode: false });
  }

  private async *read(): AsyncGenerator<Buffer> {
    let next = 0;
    for (;;) {
      this.throwIfGone();
      while (next < this.chunks.length) yield this.chunks[next++]!;
      this.throwIfGone();
      if (this.ended) return;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private throwIfGone(): void {
    if (this.failure) throw this.failure;
    if (this.released) throw new UploadRequestError(499, 'The upload was released before it was read.');
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

export interface MemoryUploadOptions {
  maxFieldSize?: number;
  maxFileSize?: number;
  maxFiles?: number;
}

/** A `processRequest` for graphqlUploadExpress whose files share `budget` bytes of memory. */
export function memoryUploadRequest(budget: MemoryBudget) {
  return function processRequest(
    request: IncomingMessage,
    response: ServerResponse,
    { maxFieldSize = 1_000_000, maxFileSize = Infinity, maxFiles = Infinity }: MemoryUploadOptions = {},
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let operations: object | undefined;
      let map: Map<string, Upload> | undefined;
      let exitError: Error | undefined;
      const files: MemoryFile[] = [];

      const parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        limits: { fieldSize: maxFieldSize, fields: 2, fileSize: maxFileSize, files: maxFiles },
      });

      function exit(error: Error, fromParser = false): void {
        if (exitError) return;
        exitError = error;
        if (map) for (const upload of map.values()) if (!upload.file) upload.reject(error);
        for (const file of files) file.fail(error);
        if (fromParser) parser.destroy();
        else parser.destroy(error);
        request.unpipe(parser);
        // Later events of the same tick can pause the request after the parser is gone.
        setImmediate(() => request.resume());
        reject(error);
      }

      parser.on('field', (fieldName, value, { valueTruncated }) => {
        if (valueTruncated) {
          return exit(
            new UploadRequestError(413, `The ‘${fieldName}’ multipart field value exceeds the ${maxFieldSize} byte size limit.`),
          );
        }
        if (fieldName === 'operations') {
          const parsed = parseJson(value);
          if (parsed === undefined) return exit(specError(`Invalid JSON in the ‘operations’ multipart field`));
          if (typeof parsed !== 'object' || parsed === null) {
            return exit(specError(`Invalid type for the ‘operations’ multipart field`));
          }
          operations = parsed;
          return;
        }
        if (fieldName !== 'map') return;
        if (!operations) return exit(specError(`Misordered multipart fields; ‘map’ should follow ‘operations’`));
        const parsed = parseJson(value);
        if (parsed === undefined) return exit(specError(`Invalid JSON in the ‘map’ multipart field`));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          return exit(specError(`Invalid type for the ‘map’ multipart field`));
        }
        const entries = Object.entries(parsed as Record<string, unknown>);
        if (entries.length > maxFiles) return exit(new UploadRequestError(413, `${maxFiles} max file uploads exceeded.`));
        map = new Map();
        for (const [name, paths] of entries) {
          if (!Array.isArray(paths)) {
            return exit(specError(`Invalid type for the ‘map’ multipart field entry key ‘${name}’ array`));
          }
          const upload = new Upload();
          map.set(name, upload);
          for (const [index, objectPath] of paths.entries()) {
            if (typeof objectPath !== 'string' || !setPath(operations, objectPath, upload)) {
              return exit(
                specError(`Invalid object path for the ‘map’ multipart field entry key ‘${name}’ array index ‘${index}’ value`),
              );
            }
          }
        }
        resolve(operations);
      });

      parser.on('file', (fieldName, stream, { filename, encoding, mimeType }) => {
        const upload = map?.get(fieldName);
        if (!upload) {
          stream.on('error', () => undefined);
          stream.resume();
          // A file before the map is out of order; one the map does not name is ignored.
          if (!map) exit(specError(`Misordered multipart fields; files should follow ‘map’`));
          return;
        }
        const file = new MemoryFile(budget);
        files.push(file);
        stream.on('data', (chunk: Buffer) => file.append(chunk));
        stream.on('limit', () =>
          file.fail(new UploadRequestError(413, `File truncated as it exceeds the ${maxFileSize} byte size limit.`)),
        );
        stream.on('error', (error: Error) => file.fail(error));
        stream.on('end', () => file.end());
        const fileUpload: FileUpload = {
          filename: filename ?? '',
          mimetype: mimeType,
          encoding,
          createReadStream: () => file.createReadStream(),
        };
        upload.resolve(fileUpload);
      });

      parser.once('filesLimit', () => exit(new UploadRequestError(413, `${maxFiles} max file uploads exceeded.`)));

      parser.once('finish', () => {
        request.unpipe(parser);
        request.resume();
        if (!operations) return exit(specError(`Missing multipart field ‘operations’`));
        if (!map) return exit(specError(`Missing multipart field ‘map’`));
        for (const upload of map.values()) {
          if (!upload.file) upload.reject(new UploadRequestError(400, 'File missing in the request.'));
        }
      });

      // `on`, not `once`: a malformed part header and an early end can both be reported.
      parser.on('error', (error: Error) => exit(error, true));

      response.once('close', () => {
        for (const file of files) file.release();
      });

      request.once('close', () => {
        if (!request.readableEnded) {
          exit(new UploadRequestError(499, 'Request disconnected during file upload stream parsing.'));
        }
      });

      request.pipe(parser);
    });
  };
}

function specError(what: string): UploadRequestError {
  return new UploadRequestError(400, `${what} (${SPEC_URL}).`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Puts `value` at a dotted path such as `variables.childPhoto` or `0.variables.files.1`, making
 * the objects and arrays on the way as needed. False for a path that cannot name a place.
 */
function setPath(target: object, objectPath: string, value: unknown): boolean {
  const keys = objectPath.split('.');
  if (keys.some((key) => key === '' || UNSAFE_KEYS.has(key))) return false;
  let node = target as Record<string, unknown>;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) {
      node[key] = value;
      return true;
    }
    let child = node[key];
    if (child === undefined || child === null) {
      child = /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node[key] = child;
    }
    if (typeof child !== 'object') return false;
    node = child as Record<string, unknown>;
  }
  return false;
}
