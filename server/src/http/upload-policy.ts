/**
 * Who may upload what to /graphql. Each file is cut off one byte past its cap: the rest of an
 * oversize upload is discarded, never kept. Everyone gets one file at the photo's cap, held in
 * memory (http/memory-upload-request.ts), except a signed-in admin, who may send the finished
 * book, spooled to disk by graphql-upload: two files (the video and the
 * storybook PDF), each up to the video's cap here; the PDF's own, smaller cap is enforced while
 * it is streamed to storage (delivery/pdf-file.ts). Multipart parsing must come before the JSON parser.
 *
 * An anonymous request whose Content-Length is larger than a photo and its form could be is
 * refused at once with 413 and the connection closed, before its body is parsed. One
 * sent without a length (chunked) is counted as it arrives and refused the same way as soon as
 * it passes that size: nothing after is read.
 */
import type { Request, RequestHandler, Response } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { LIMITS } from '../catalogue/catalogue';
import { PHOTO_SIZE_MESSAGE } from '../media/photo';
import { MemoryBudget, memoryUploadRequest } from './memory-upload-request';
import { exemptFromBodyTimeLimit } from './body-time-limit';
import type { RequestAdmin } from './request-admin';

/** Room for the multipart framing and the operations field beside the photo. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** The most an anonymous multipart request to /graphql may carry. */
export const ANONYMOUS_UPLOAD_MAX_BYTES = LIMITS.photoMaxBytes + FORM_OVERHEAD_BYTES;
/** A JSON request (the JSON parser's own limit); refused by its Content-Length before it is read. */
const JSON_MAX_BYTES = 1024 * 1024;

const refused = new WeakSet<Request>();

/** True once the upload policy has answered this request itself: anything later must not answer again. */
export function refusedByUploadPolicy(req: Request): boolean {
  return refused.has(req);
}

/**
 * 413 with the JSON error, then the connection is closed once the answer is out, unread rest
 * and all. Written with res.end: the upload parser holds res.send back until the request has
 * been read to its end, which an unread body never reaches.
 */
function refuseTooLarge(req: Request, res: Response, message: string, bodyStarted = false): void {
  if (refused.has(req)) return;
  refused.add(req);
  req.unpipe();
  req.pause();
  if (res.headersSent) {
    // Something already began answering: closing is the only refusal left.
    req.destroy();
    return;
  }
  const body = JSON.stringify({ errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  if (bodyStarted) {
    lingerAfterAnswer(req);
  } else {
    // Not a byte read: close once the answer is out (Node would otherwise read the whole
    // announced body to discard it).
    res.once('finish', () => setImmediate(() => req.destroy()));
  }
  res.end(body);
}

/** How long, and how much more of an unread body, a refused connection is given to take its answer. */
const LINGER_MS = 1000;
const LINGER_MAX_BYTES = 1024 * 1024;

/**
 * Node destroys a `Connection: close` socket as soon as the answer is flushed; with the body
 * still streaming in, that resets the connection, and the client can lose the answer before
 * reading it. Instead the answer is followed by the end of the stream, what is already in
 * flight is discarded up to a bound and then no longer read (the client's sending stalls, and a
 * client that reads stops once it sees the end), and after a short while the socket is
 * destroyed, which also ends the upload parser's wait for the request. Destroying it as soon as
 * the bound was passed would reset the connection in the same race.
 */
function lingerAfterAnswer(req: Request): void {
  const socket = req.socket;
  socket.destroySoon = function lingeringClose() {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_MAX_BYTES) req.pause();
    });
    req.resume();
  };
}

const SEND = Symbol('send');
type Capped = Response & { [SEND]?: Response['send'] };

/**
 * An upload's answer, unless it was refused: the same function for every response. A function
 * made for each and written into it would be allocated in V8's old generation, and keep the
 * request alive past the young generation's collections (db/pg-client.ts says how).
 */
function sendUnlessRefused(this: Capped, ...args: Parameters<Response['send']>): Response {
  if (refused.has(this.req) || this.headersSent) return this;
  return this[SEND]!.apply(this, args);
}

/**
 * Refuses the request once more than `maxBytes` of its body have arrived, whatever its framing;
 * and makes any later answer (GraphQL's, held back by the upload parser until the request
 * closes) a no-op once it has been refused, rather than a second answer on a finished response.
 */
function capBody(req: Request, res: Response, maxBytes: number, message: string, parse: () => void): void {
  (res as Capped)[SEND] = res.send;
  res.send = sendUnlessRefused;
  let read = 0;
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) {
      req.off('data', count);
      refuseTooLarge(req, res, message, true);
    }
  };
  parse();
  // Listening only once the parser is piped in (it is, synchronously), so it sees every byte.
  if (!refused.has(req)) req.on('data', count);
}

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  return header === undefined ? null : Number(header);
}

/**
 * Photos held in memory at once, across every request: 48 photos at their cap, far more than
 * the shop decodes at a time. Past it a new photo is refused with a plain "try again" rather
 * than the process running out of memory.
 */
const PHOTO_MEMORY_BUDGET_BYTES = 48 * LIMITS.photoMaxBytes;

export function uploadPolicy(requestAdmin: RequestAdmin, videoMaxBytes: number): RequestHandler {
  const photoUploads = graphqlUploadExpress({
    maxFileSize: LIMITS.photoMaxBytes + 1,
    maxFiles: 1,
    processRequest: memoryUploadRequest(new MemoryBudget(PHOTO_MEMORY_BUDGET_BYTES)),
  });
  const bookUploads = graphqlUploadExpress({ maxFileSize: videoMaxBytes + 1, maxFiles: 2 });
  return async (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      const length = declaredLength(req);
      if (length !== null && length > JSON_MAX_BYTES) return refuseTooLarge(req, res, 'The request is too large.');
      return next();
    }
    if (!(await requestAdmin.of(req))) {
      const length = declaredLength(req);
      if (length !== null && length > ANONYMOUS_UPLOAD_MAX_BYTES) return refuseTooLarge(req, res, PHOTO_SIZE_MESSAGE);
      return capBody(req, res, ANONYMOUS_UPLOAD_MAX_BYTES, PHOTO_SIZE_MESSAGE, () => photoUploads(req, res, next));
    }
    exemptFromBodyTimeLimit(req);
    // Once the whole video is in, the socket goes quiet while it is written to storage (slower
    // than the upload, with S3): that silence must not close it under the waiting admin.
    req.once('end', () => req.socket.setTimeout(0));
    return bookUploads(req, res, next);
  };
}
