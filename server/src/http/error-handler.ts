import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../common/logger';
import { refusedByUploadPolicy } from './upload-policy';

/** What a caller sees of an unexpected failure; the detail goes to the log. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Malformed JSON or multipart bodies, oversize uploads: a JSON answer in GraphQL's error shape, never an HTML page. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: { status?: number; expose?: boolean; message?: string }, req, res, next) => {
    // An oversize upload was already answered 413 and its connection cut; what failed after is moot.
    if (refusedByUploadPolicy(req)) return;
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error('request failed', { error });
    const message = status < 500 && error.expose !== false ? error.message : INTERNAL_ERROR_MESSAGE;
    const code = status >= 500 ? 'INTERNAL_SERVER_ERROR' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    res.status(status).json({ errors: [{ message, extensions: { code } }] });
  };
}
