/**
 * At start-up, where admins' browsers send videos straight to the bucket, reads the bucket's CORS
 * rules once, so a bucket that would refuse them is a warning in the log naming what to add,
 * before an admin's delivery runs into it. Never stops the shop.
 */
import type { Logger } from '../common/logger';
import type { Storage } from './storage';

export async function checkVideoUploadAccess(
  storage: Pick<Storage, 'directUploads' | 'describe'>,
  publicUrl: string,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<'allowed' | 'not allowed' | 'unknown' | 'skipped'> {
  const uploads = storage.directUploads;
  if (!uploads) return 'skipped';
  const pageOrigin = new URL(publicUrl).origin;
  const access = await uploads.browserAccess(pageOrigin).catch(() => 'unknown' as const);
  const about = { bucket: storage.describe(), pageOrigin, uploadOrigin: uploads.origin };
  if (access === 'allowed') logger.info('the bucket takes video uploads from the admin portal', about);
  else if (access === 'not allowed') {
    logger.warn(
      "the bucket's CORS rules do not let the admin portal upload videos: add a rule allowing PUT from the shop's origin and exposing ETag (README, File storage), or set S3_DIRECT_UPLOADS=false",
      about,
    );
  } else {
    logger.info(
      "could not read the bucket's CORS rules; admins' video uploads need PUT from the shop's origin and ETag exposed",
      about,
    );
  }
  return access;
}
