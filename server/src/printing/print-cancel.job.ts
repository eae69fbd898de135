import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import { jobActor } from '../orders/actor';
import type { EventListener } from '../orders/order-lifecycle';
import type { PrintingService } from './printing.service';

export const PRINT_CANCEL_JOB = 'print-job-cancel';

/**
 * A refunded order's job at the print partner is cancelled, so the shop neither prints a book it
 * gave the money back for nor pays for it. Queued in the refund's own transaction; run as a job
 * (the partner is called outside it, and again after an outage). Too late (the book is in
 * production) is logged and left: the partner no longer takes it back.
 */
export function printCancelJob(printing: PrintingService): JobDefinition {
  return {
    name: PRINT_CANCEL_JOB,
    run: async (payload) => {
      const orderId = String(payload.orderId);
      const outcome = await printing.cancelAtPrinter(orderId, jobActor(PRINT_CANCEL_JOB));
      if (!outcome.ok && outcome.error.code === 'INTERNAL_FAILURE') throw new Error(outcome.error.message);
    },
  };
}

/** For `lifecycle.onEvent`: a full refund of an order the partner is printing queues its cancellation. */
export function cancelPrintingOnRefund(printing: PrintingService, jobs: Pick<JobRunner, 'enqueue'>): EventListener {
  return async (manager, event) => {
    if (event.type !== 'refunded' || !(await printing.hasOpenJob(manager, event.orderId))) return;
    await jobs.enqueue(
      manager,
      PRINT_CANCEL_JOB,
      { orderId: event.orderId },
      { uniqueKey: `${PRINT_CANCEL_JOB}:${event.orderId}` },
    );
  };
}
