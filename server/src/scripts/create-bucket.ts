/**
 * npm run bucket:create: creates the bucket S3_BUCKET names when the store has none of that
 * name, then exits (the one-shot `storage-init` service beside docker-compose.yml's store). A bucket that
 * exists (on AWS or R2, made by its owner) is left alone: only HeadBucket is sent, which the
 * shop's own permission to list the bucket covers. Without S3_BUCKET there is nothing to do.
 */
import 'reflect-metadata';
import { CreateBucketCommand, HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createLogger, logLevelFromEnv } from '../common/logger';
import { loadConfig, loadDotEnv } from '../config';
import { s3ClientConfig } from '../media/s3-storage';

async function run(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { production: config.isProduction });
  if (!config.s3) {
    logger.info('S3_BUCKET is not set: files are kept on local disk, there is no bucket to create');
    return;
  }
  const { bucket } = config.s3;
  const client = new S3Client(s3ClientConfig(config.s3));
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      logger.info('the bucket exists', { bucket });
      return;
    } catch (error) {
      if (!(error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw error;
    }
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    logger.info('bucket created', { bucket });
  } finally {
    client.destroy();
  }
}

run().catch((error: unknown) => {
  // The configuration may be what failed: the level and the masking come straight from the environment.
  const logger = createLogger(logLevelFromEnv(), { production: process.env.NODE_ENV === 'production' });
  logger.error('could not create the bucket', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
