import type { JobDefinition } from '../jobs/job-runner';
import type { PrintingService } from './printing.service';

export const PRINT_SYNC_JOB = 'print-jobs-sync';
const EVERY_THIRTY_MINUTES = 30 * 60_000;

/**
 * Asks the print partner about every job it has that is not finished, in case a webhook was lost
 * (Lulu stops sending to an address after five failures in a row): the order moves on the same way.
 */
export function printJobsSyncJob(printing: PrintingService): JobDefinition {
  return { name: PRINT_SYNC_JOB, everyMs: EVERY_THIRTY_MINUTES, run: () => printing.syncOpenJobs() };
}
