/**
 * Request ids and the access log (pino-http): every request gets an id (the caller's sane
 * X-Request-Id, or a new one), echoed in the X-Request-Id response header and carried by every
 * line logged while the request is handled; one line per request says what was asked and how
 * it went. Query strings are never logged, and tokens in paths are replaced, so a log reader
 * cannot follow a signed link or a parent's order page.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { type AppLogger, maskEmails, REDACTED, runWithRequestId } from '../common/logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Short, printable, and nothing a log parser or a header could trip over. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's X-Request-Id when it is short and safe (a proxy's or a client's); otherwise a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Path segments that are secrets themselves: a parent's video link, an admin invitation, an order page. */
const TOKEN_AFTER = new Set(['video', 'order', 'orders', 'invite', 'reset', 'checkout']);
/** Long random-looking segments (a 256-bit base64url token is 43 characters); file keys have an extension. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's path as logged: no query string, token segments replaced, e-mail addresses masked in production. */
export function loggablePath(url: string | undefined, production: boolean): string {
  const raw = (url ?? '/').split(/[?#]/, 1)[0].slice(0, 512);
  const segments = raw.split('/');
  const out = segments.map((segment, i) => {
    const before = i > 0 ? segments[i - 1].toLowerCase() : '';
    if (segment === '') return segment;
    if (TOKEN_AFTER.has(before) && !UUID.test(segment)) return REDACTED;
    if (TOKEN_LIKE.test(segment) && !UUID.test(segment)) return REDACTED;
    return segment;
  });
  const path = out.join('/');
  return production ? maskEmails(decodeSafely(path)) : path;
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Probes and scrapes come every few seconds: at debug, so they do not drown the requests that matter. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const BODY_BYTES = Symbol('bodyBytes');
const UNCOUNTED = Symbol('uncounted');
type Write = (...args: unknown[]) => boolean;
type End = (...args: unknown[]) => ServerResponse;
type Counted = ServerResponse & { [BODY_BYTES]?: number; [UNCOUNTED]?: { write: Write; end: End } };

function addBodyBytes(res: Counted, chunk: unknown, encoding: unknown): void {
  if (typeof chunk === 'string')
    res[BODY_BYTES]! += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  else if (chunk instanceof Uint8Array) res[BODY_BYTES]! += chunk.length;
}

/*
 * The two counting methods are the same functions for every response, reading the response from
 * `this`. Methods made anew for each response (closures over it) kept every response, and what it
 * references, alive through V8's next young-generation collections, which then moved it to the old
 * generation, where only a full collection frees it: 5.0 KiB a request promoted on /healthz, 0.9
 * KiB with shared methods (bench/promotion.bench.mjs). A bare Node.js server whose handler puts a
 * new function on each response shows the same (0.09 KiB a request without, 2.2 KiB with).
 */
function countedWrite(this: Counted, chunk: unknown, ...rest: unknown[]): boolean {
  addBodyBytes(this, chunk, rest[0]);
  return this[UNCOUNTED]!.write.call(this, chunk, ...rest);
}

function countedEnd(this: Counted, chunk?: unknown, ...rest: unknown[]): ServerResponse {
  if (typeof chunk !== 'function') addBodyBytes(this, chunk, rest[0]);
  return this[UNCOUNTED]!.end.call(this, chunk, ...rest);
}

/** Counts the body bytes written, streamed or not (Content-Length is missing on chunked answers). */
export function countBodyBytes(res: Counted): void {
  res[BODY_BYTES] = 0;
  res[UNCOUNTED] = { write: res.write as Write, end: res.end as End };
  res.write = countedWrite as typeof res.write;
  res.end = countedEnd as typeof res.end;
}

/** The body bytes a response counted by countBodyBytes has written so far. */
export function bodyBytesOf(res: ServerResponse): number {
  return (res as Counted)[BODY_BYTES] ?? 0;
}

/** The URL as it arrived: routers mounted at a path (/media, /graphql) strip it from req.url. */
const urlOf = (req: IncomingMessage) => (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;

/** The access log and the request id, first among the app's middleware. */
export function requestLogging(logger: AppLogger): RequestHandler[] {
  const line = (req: IncomingMessage, res: ServerResponse, responseTime: number) => ({
    method: req.method,
    path: loggablePath(urlOf(req), logger.production),
    status: res.headersSent ? res.statusCode : null,
    durationMs: responseTime,
    bytes: bodyBytesOf(res),
    ...(res.writableFinished ? {} : { aborted: true }),
  });
  const httpLogger = pinoHttp({
    logger: logger.pino,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // req.log and res.log are the logger with the request id and nothing else bound.
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (req, res) => {
      if (QUIET_PATHS.has(loggablePath(urlOf(req), false))) return 'debug';
      return res.statusCode >= 500 ? 'warn' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  });
  return [
    (req, res, next) => {
      countBodyBytes(res);
      httpLogger(req, res);
      // Everything the request starts from here on logs with its id (GraphQL resolvers included).
      runWithRequestId(String(req.id), next);
    },
  ];
}
