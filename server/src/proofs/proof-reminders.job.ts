import type { JobDefinition } from '../jobs/job-runner';
import { PROOF_REMINDER_JOB, REMINDER_BATCH, type ProofsService } from './proofs.service';

const EVERY_FIFTEEN_MINUTES = 15 * 60_000;

/** Reminds parents of proofs that have waited 48 hours for an answer. */
export function proofRemindersJob(proofs: ProofsService): JobDefinition {
  return {
    name: PROOF_REMINDER_JOB,
    everyMs: EVERY_FIFTEEN_MINUTES,
    run: async () => {
      // A backlog (after an outage): keep going until every one is reminded.
      while ((await proofs.remindUnanswered()) === REMINDER_BATCH);
    },
  };
}
