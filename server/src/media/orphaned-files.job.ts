import type { JobDefinition } from '../jobs/job-runner';
import type { OrphanedFiles } from './orphaned-files';

/** Upload spool files a crash left behind, hourly and at start-up (orphaned-files.ts). */
export function orphanedFilesJob(orphans: OrphanedFiles): JobDefinition {
  return {
    name: 'orphaned-files',
    everyMs: 3600_000,
    run: async () => {
      await orphans.sweep();
    },
  };
}
