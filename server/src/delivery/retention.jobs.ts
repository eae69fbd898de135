/** The retention sweeps as scheduled background jobs (jobs/job-runner.ts), hourly and at start-up. */
import type { JobDefinition } from '../jobs/job-runner';
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
