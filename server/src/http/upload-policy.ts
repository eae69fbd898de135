/**
 * Who may upload what to /graphql. Each file is cut off one byte past its cap: the rest of an
 * oversize upload is discarded, never spooled to disk. Everyone gets one file at the photo's
 * cap, except a signed-in admin, who may send the finished book: two files (the video and the
 * storybook PDF), each up to the video's cap here; the PDF's own, smaller cap is enforced while
 * it is streamed to storage (delivery/pdf-file.ts). Multipart parsing must come before the JSON parser.
 */
import type { RequestHandler } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { LIMITS } from '../catalogue/catalogue';
import { exemptFromBodyTimeLimit } from './body-time-limit';
import type { RequestAdmin } from './request-admin';

export function uploadPolicy(requestAdmin: RequestAdmin, videoMaxBytes: number): RequestHandler {
  const photoUploads = graphqlUploadExpress({ maxFileSize: LIMITS.photoMaxBytes + 1, maxFiles: 1 });
  const bookUploads = graphqlUploadExpress({ maxFileSize: videoMaxBytes + 1, maxFiles: 2 });
  return async (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (!(await requestAdmin.of(req))) return photoUploads(req, res, next);
    exemptFromBodyTimeLimit(req);
    // Once the whole video is in, the socket goes quiet while it is written to storage (slower
    // than the upload, with S3): that silence must not close it under the waiting admin.
    req.once('end', () => req.socket.setTimeout(0));
    return bookUploads(req, res, next);
  };
}
