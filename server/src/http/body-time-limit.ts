/**
 * How long a request may take. Node ends any request whose body takes over 5 minutes to
 * arrive, and a 2 GB video over an ordinary uplink takes longer. So Node's limit is off, the
 * same limit is kept here for every request but those exempted (a signed-in admin's upload),
 * and a socket silent for 2 minutes is closed.
 */
import type { Request, RequestHandler } from 'express';
import type http from 'node:http';

/** How long a connection may stay silent mid-request (a stalled upload) before it is closed. */
export const UPLOAD_IDLE_TIMEOUT_MS = 120_000;

const exempt = new WeakSet<Request>();

/** Lifts the body time limit for this request (an admin's video may take longer to arrive). */
export function exemptFromBodyTimeLimit(req: Request): void {
  exempt.add(req);
}

export function applyServerTimeouts(server: http.Server): void {
  server.requestTimeout = 0;
  server.setTimeout(UPLOAD_IDLE_TIMEOUT_MS);
}

/** Destroys a request whose body has not fully arrived after `timeoutMs`, unless it is exempt. */
export function bodyTimeLimit(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (!req.complete && !exempt.has(req)) req.destroy();
    }, timeoutMs);
    timer.unref();
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
