/**
 * Picks where files live from the configuration: the S3-compatible bucket when S3_BUCKET is
 * set (a server deployment), otherwise local disk under DATA_DIR/files (the embedded default).
 */
import path from 'node:path';
import type { Logger } from '../common/logger';
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** `logger` only receives S3 multipart uploads that failed and could not be aborted. */
export function createStorage(config: Config, logger?: Logger): Storage {
  if (config.s3) return new S3Storage(config.s3, { logger });
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
