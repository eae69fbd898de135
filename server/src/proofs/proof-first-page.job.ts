/**
 * Draws the first page of each proof sent as an image (media/pdf-first-page.ts), so the parent's
 * order page shows it at once while its page-by-page viewer loads: queued in the transaction that
 * records the proof, run by the job runner. A PDF pdf.js cannot draw is left without one (the
 * viewer draws it itself); a storage or database failure is tried again.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { IsNull } from 'typeorm';
import type { Logger } from '../common/logger';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import { FirstPageError, pdfFirstPage, storedPdf } from '../media/pdf-first-page';
import type { Storage } from '../media/storage';
import type { EventListener } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderProof } from './order-proof.entity';
import { PROOF_EVENTS } from './proof-status';
import { latestProof } from './proofs.service';

export const PROOF_FIRST_PAGE_JOB = 'proof-first-page';

/** Draws the newest proof's first page of the order, unless it has one or its files were deleted. */
export async function drawProofFirstPage(
  dataSource: DataSource,
  storage: Storage,
  logger: Logger,
  orderId: string,
  { draw = pdfFirstPage, signal }: { draw?: typeof pdfFirstPage; signal?: AbortSignal } = {},
): Promise<void> {
  const proof = await latestProof(dataSource.manager, orderId);
  if (!proof || proof.firstPageKey || proof.filesRemovedAt) return;
  const size = await storage.size(proof.pdfKey);
  if (size === null) {
    logger.warn('proof first page not drawn: the PDF is not in storage', { orderId, pdfKey: proof.pdfKey });
    return;
  }
  let drawn;
  try {
    drawn = await draw(storedPdf(storage, proof.pdfKey, size), { signal });
  } catch (error) {
    if (!(error instanceof FirstPageError)) throw error;
    logger.warn('proof first page not drawn; the viewer draws it', { orderId, version: proof.version, reason: error.message });
    return;
  }
  // A key of this run's own: a run that loses the race to another (two instances) deletes only its own image.
  const key = `${proof.pdfKey.replace(/\.pdf$/, '')}-page-1-${randomUUID().slice(0, 8)}.jpg`;
  await storage.put(key, drawn.image, 'image/jpeg');
  let kept = false;
  try {
    // Under the order's lock, as the deletion of the child's details takes it: either that
    // deletion sees this image and deletes it too, or this sees the files gone and keeps nothing.
    kept = await dataSource.transaction(async (manager) => {
      await lockOrder(manager, orderId);
      const result = await manager.update(
        OrderProof,
        { id: proof.id, firstPageKey: IsNull(), filesRemovedAt: IsNull() },
        { firstPageKey: key, firstPageWidth: drawn.width, firstPageHeight: drawn.height },
      );
      return (result.affected ?? 0) > 0;
    });
  } finally {
    if (!kept) {
      await storage
        .delete(key)
        .catch((error: unknown) =>
          logger.warn('proof first page not kept, and its image not deleted: left for the orphan sweep', { orderId, key, error }),
        );
    }
  }
  if (kept) logger.info('proof first page drawn', { orderId, version: proof.version, bytes: drawn.image.length });
}

export function proofFirstPageJob(dataSource: DataSource, storage: Storage, logger: Logger): JobDefinition {
  return {
    name: PROOF_FIRST_PAGE_JOB,
    maxAttempts: 3,
    // A drawing takes up to a minute: the shop's shutdown ends it, and the job runs again at once elsewhere.
    run: async (payload, { signal }) => {
      await drawProofFirstPage(dataSource, storage, logger, String(payload.orderId), { signal });
    },
  };
}

/** Queues the drawing in the transaction that records a sent proof: no proof, no job. */
export function drawFirstPageOnProofSent(jobs: Pick<JobRunner, 'enqueue'>): EventListener {
  return async (manager, event) => {
    if (event.type === PROOF_EVENTS.sent) await jobs.enqueue(manager, PROOF_FIRST_PAGE_JOB, { orderId: event.orderId });
  };
}
