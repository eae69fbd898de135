/** The retention sweeps as scheduled background jobs (jobs/job-runner.ts), hourly and at start-up. */
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { EventListener } from '../orders/order-lifecycle';
import type { DirectVideoUploads } from './direct-video-uploads';
import type { PhotoRetention } from './photo-retention';

const HOURLY = 3600_000;

/** Children's photos past their time, and orders unpaid for 30 days (photo-retention.ts). */
export function photoRetentionJob(retention: PhotoRetention): JobDefinition {
  return {
    name: 'photo-retention',
    everyMs: HOURLY,
    run: async () => {
      await retention.sweep();
    },
  };
}

/** A revised book's replaced files, 30 days after a newer version replaced them. */
export function supersededDeliveryFilesJob(retention: PhotoRetention): JobDefinition {
  return {
    name: 'superseded-delivery-files',
    everyMs: HOURLY,
    run: async () => {
      await retention.sweepSupersededDeliveries();
    },
  };
}

const ABANDONED_VIDEO_UPLOADS_JOB = 'abandoned-video-uploads';

/** Videos sent straight to the bucket that no delivery used (direct-video-uploads.ts). */
export function abandonedVideoUploadsJob(uploads: DirectVideoUploads): JobDefinition {
  return {
    name: ABANDONED_VIDEO_UPLOADS_JOB,
    everyMs: HOURLY,
    run: async () => {
      await uploads.sweep();
    },
  };
}

/**
 * When a parent deletes the child's details, a video on its way to the bucket for that order is
 * discarded as soon as the job runner gets to it, not at the next hourly sweep.
 */
export function sweepVideoUploadsOnChildDataDeletion(jobs: Pick<JobRunner, 'enqueue'>): EventListener {
  return async (manager, event) => {
    if (event.type !== 'child_data_deleted') return;
    const pending: unknown[] = await manager.query('SELECT 1 FROM video_uploads WHERE order_id = $1 LIMIT 1', [event.orderId]);
    if (pending.length === 0) return;
    await jobs.enqueue(
      manager,
      ABANDONED_VIDEO_UPLOADS_JOB,
      {},
      { uniqueKey: `${ABANDONED_VIDEO_UPLOADS_JOB}:${event.orderId}` },
    );
  };
}
