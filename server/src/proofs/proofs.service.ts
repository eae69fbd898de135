/**
 * Proofs of the book for the parent to approve before it is made: staff send a PDF (judged by
 * its bytes, capped, streamed to storage) for a Paid order; the parent approves it or asks for
 * changes from the order page; an owner may approve it for the parent with a note. Each proof is
 * a version; only the newest is answered. A printed book goes to print only with its newest
 * proof approved (`printRefusal`). Every step is in the order's history, so the studio's queue
 * follows it, and the parent is reminded once when a proof has waited 48 hours.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { type Outcome, refusal, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { proofApprovedForYouOutboxEmail, proofReadyOutboxEmail, proofReminderOutboxEmail } from '../mail/templates/proof-review';
import type { StaffProofAnswerEmails } from '../mail/templates/staff-notifications';
import type { IncomingFile } from '../media/incoming-file';
import { drawablePage, type PageSize, pdfPageSize, storedPdf } from '../media/pdf-first-page';
import type { Storage } from '../media/storage';
import type { Metrics } from '../observability/metrics';
import { type Actor, actorLabel, CUSTOMER, jobActor } from '../orders/actor';
import type { OrderLinks } from '../orders/order-access';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderStatus } from '../orders/order-status';
import { Order } from '../orders/order.entity';
import { openPdf, PdfTooLargeError } from '../delivery/pdf-file';
import { OrderProof } from './order-proof.entity';
import { PROOF_EVENTS, ProofStatus } from './proof-status';
import { ProofNoteInput } from './proof-note.input';

export const PROOF_FIELD = 'proof';

export const PROOF_MESSAGES = {
  orderNotFound: 'Order not found.',
  notPaid: 'A proof is sent while the book is being made: for a Paid order, or a printed one not yet shipped.',
  childDataDeleted: "The parent deleted this child's details, so no proof can be sent.",
  uploadFailed: 'Failed to upload the proof',
  nothingToAnswer: 'There is no proof waiting for your answer.',
  notBeingMade: 'This order is no longer being made, so the proof cannot be answered.',
  detailsDeleted: "The child's details were deleted, so the proof cannot be answered.",
  newerProof: (version: number) => `A newer proof was sent: please look at proof ${version} first.`,
  noSuchProof: (version: number, newest: number) => `There is no proof ${version}: the newest is proof ${newest}.`,
  nothingToApprove: 'There is no proof to approve: send one first.',
  alreadyApproved: 'The newest proof is already approved.',
  printNeedsApproval: 'A printed book goes to print only once the parent has approved its newest proof.',
} as const;

/** How long a proof waits for the parent's answer before they are reminded. */
export const PROOF_REMINDER_AFTER_MS = 48 * 3600_000;
export const REMINDER_BATCH = 100;
export const PROOF_REMINDER_JOB = 'proof-reminders';

export interface ProofsOptions {
  publicUrl: string;
  /** The order's e-mailed link. */
  links: OrderLinks;
  pdfMaxBytes: number;
  metrics: Pick<Metrics, 'uploadReceived'>;
}

/**
 * Whether a proof may be sent or answered for an order in this state: while the book is being
 * made (Paid), and for a printed book until it goes to print (Completed: made, not yet shipped).
 */
export function inProofWindow(order: Pick<Order, 'status' | 'bookFormat'>): boolean {
  return order.status === OrderStatus.Paid || (order.status === OrderStatus.Completed && order.bookFormat === 'printed');
}

/** The newest proof of an order, or null. */
export function latestProof(manager: EntityManager, orderId: string): Promise<OrderProof | null> {
  return manager.findOne(OrderProof, { where: { orderId }, order: { version: 'DESC' } });
}

/**
 * Why `order` may not go to print now, or null when it may: a printed book needs its newest
 * proof approved. Read under the order's row lock, which every answer to a proof also takes.
 */
export async function printRefusal(
  manager: EntityManager,
  order: Pick<Order, 'id' | 'bookFormat'>,
): Promise<UserFacingError | null> {
  if (order.bookFormat !== 'printed') return null;
  const proof = await latestProof(manager, order.id);
  return proof?.status === ProofStatus.APPROVED
    ? null
    : new UserFacingError(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.printNeedsApproval, 'proof');
}

/**
 * For the deletion of a child's details, in its transaction: marks every proof's files (the PDF
 * and the image of its first page) removed, forgets what the parent wrote about it, and answers
 * the keys to delete once it commits.
 */
export async function releaseProofFiles(manager: EntityManager, orderId: string, now: Date): Promise<string[]> {
  const proofs = await manager.find(OrderProof, { where: { orderId, filesRemovedAt: IsNull() } });
  await manager.update(OrderProof, { orderId }, { filesRemovedAt: now, message: null });
  return proofs.flatMap((proof) => (proof.firstPageKey ? [proof.pdfKey, proof.firstPageKey] : [proof.pdfKey]));
}

export class ProofsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly lifecycle: OrderLifecycle,
    private readonly outbox: OutboxService,
    private readonly staffEmails: StaffProofAnswerEmails,
    private readonly logger: Logger,
    private readonly options: ProofsOptions,
  ) {}

  /**
   * Sends a new proof of an order's book (Paid, or printed and made but not yet printed): stores
   * the PDF, then in one transaction records the version (replacing one still waiting for an
   * answer) and e-mails the parent. A failure removes the stored file, unless its commit went
   * through after all (its answer lost) and the file is the proof.
   */
  async sendProof(orderId: string, upload: Promise<IncomingFile>, actor: Actor): Promise<Outcome<OrderProof>> {
    const before = isUuid(orderId) ? await this.dataSource.manager.findOne(Order, { where: { id: orderId } }) : null;
    const refused = before
      ? this.sendRefusal(before)
      : new UserFacingError(UserErrorCode.NOT_FOUND, PROOF_MESSAGES.orderNotFound, 'orderId');
    if (refused) return refusalOf(refused);

    let key: string | null = null;
    let bytes = 0;
    try {
      const file = await upload;
      const pdf = await openPdf(file.createReadStream(), this.options.pdfMaxBytes);
      const candidate = `proofs/${orderId}-${randomUUID().slice(0, 8)}.pdf`;
      try {
        await this.storage.put(candidate, pdf.body, 'application/pdf');
      } finally {
        this.options.metrics.uploadReceived('pdf', pdf.bytesRead());
      }
      key = candidate;
      bytes = pdf.bytesRead();
    } catch (error) {
      if (error instanceof UserFacingError) return refuse(error.code, error.message, PROOF_FIELD);
      if ((error as { status?: number }).status === 413) {
        // graphql-upload cut the request off at its own cap, before the PDF's.
        const tooLarge = new PdfTooLargeError(this.options.pdfMaxBytes);
        return refuse(tooLarge.code, tooLarge.message, PROOF_FIELD);
      }
      this.logger.error('proof upload failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, PROOF_MESSAGES.uploadFailed, PROOF_FIELD);
    }

    const pageSize = await this.readPageSize(orderId, key, bytes);
    try {
      const proof = await this.dataSource.transaction(async (manager) => {
        const order = await lockOrder(manager, orderId);
        const stillRefused = order
          ? this.sendRefusal(order)
          : new UserFacingError(UserErrorCode.NOT_FOUND, PROOF_MESSAGES.orderNotFound);
        if (stillRefused) throw stillRefused;
        const previous = await latestProof(manager, orderId);
        if (previous?.status === ProofStatus.AWAITING_ANSWER) {
          await manager.update(OrderProof, { id: previous.id }, { status: ProofStatus.REPLACED });
        }
        const sent = Object.assign(new OrderProof(), {
          id: randomUUID(),
          orderId,
          version: (previous?.version ?? 0) + 1,
          pdfKey: key!,
          bytes,
          status: ProofStatus.AWAITING_ANSWER,
          sentBy: actorLabel(actor),
          createdAt: new Date(),
          answeredAt: null,
          answeredBy: null,
          message: null,
          remindedAt: null,
          firstPageKey: null,
          firstPageWidth: null,
          firstPageHeight: null,
          pageWidthPt: pageSize?.width ?? null,
          pageHeightPt: pageSize?.height ?? null,
          filesRemovedAt: null,
        });
        await manager.insert(OrderProof, sent);
        await this.lifecycle.recordEvent(manager, {
          orderId,
          type: PROOF_EVENTS.sent,
          fromStatus: null,
          toStatus: null,
          actor,
          data: { version: sent.version, bytes, pdfKey: key },
        });
        await this.outbox.enqueue(
          manager,
          proofReadyOutboxEmail(
            order!,
            sent.version,
            previous?.status === ProofStatus.CHANGES_ASKED,
            await this.options.links.emailOptions(manager, orderId),
          ),
        );
        return sent;
      });
      this.logger.info('proof sent', { orderId, version: proof.version, actor: actorLabel(actor) });
      return succeed(proof);
    } catch (error) {
      const recorded =
        !(error instanceof UserFacingError) &&
        (await this.dataSource.manager.exists(OrderProof, { where: { pdfKey: key } }).catch(() => true));
      if (!recorded) {
        await this.storage
          .delete(key)
          .catch((cleanup: unknown) => this.logger.error('proof file cleanup failed', { error: cleanup, key }));
      }
      if (error instanceof UserFacingError) return refusalOf(error);
      this.logger.error('sending a proof failed', { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, PROOF_MESSAGES.uploadFailed, PROOF_FIELD);
    }
  }

  /** An order's proofs, newest first. */
  proofsOf(orderId: string): Promise<OrderProof[]> {
    return this.dataSource.manager.find(OrderProof, { where: { orderId }, order: { version: 'DESC' } });
  }

  /** The parent approves proof `version` (from the order page), if it is still the newest. */
  approve(orderId: string, version: number): Promise<Outcome<OrderProof>> {
    return this.answer(orderId, version, CUSTOMER, { status: ProofStatus.APPROVED, message: null });
  }

  /** The parent asks for changes to proof `version`; `message` is already checked (the change-request rules). */
  requestChanges(orderId: string, version: number, message: string): Promise<Outcome<OrderProof>> {
    return this.answer(orderId, version, CUSTOMER, { status: ProofStatus.CHANGES_ASKED, message });
  }

  /**
   * An owner approves the newest proof for the parent (who said so by e-mail or on the phone),
   * with a note saying how: waiting for an answer, or after changes were asked. Recorded as theirs.
   */
  async approveForParent(orderId: string, version: number, note: string, actor: Actor): Promise<Outcome<OrderProof>> {
    const input = new ProofNoteInput(note);
    const invalid = firstInputError(input);
    if (invalid) return refusal(invalid);
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, PROOF_MESSAGES.orderNotFound, 'orderId');
    return this.answer(orderId, version, actor, { status: ProofStatus.APPROVED, message: input.note });
  }

  /**
   * Answers proof `version` of the order. Only the newest is answered: one who looked at an older
   * proof (a newer one arrived while the page was open) is asked to look at the newer one first.
   */
  private async answer(
    orderId: string,
    version: number,
    actor: Actor,
    answer: { status: ProofStatus.APPROVED | ProofStatus.CHANGES_ASKED; message: string | null },
  ): Promise<Outcome<OrderProof>> {
    const byParent = actor.kind === 'customer';
    return this.dataSource.transaction(async (manager) => {
      // Locked, so two answers sent at once (two tabs, or the parent and an owner) cannot both count.
      const order = await lockOrder(manager, orderId);
      if (!order) return refuse(UserErrorCode.NOT_FOUND, PROOF_MESSAGES.orderNotFound, 'orderId');
      const proof = await latestProof(manager, orderId);
      const answerable = byParent
        ? proof?.status === ProofStatus.AWAITING_ANSWER
        : proof?.status === ProofStatus.AWAITING_ANSWER || proof?.status === ProofStatus.CHANGES_ASKED;
      if (proof && proof.version !== version) {
        return version > proof.version
          ? refuse(UserErrorCode.INVALID_INPUT, PROOF_MESSAGES.noSuchProof(version, proof.version), 'version')
          : refuse(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.newerProof(proof.version), 'version');
      }
      if (!proof || !answerable) {
        if (byParent) return refuse(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.nothingToAnswer, 'proof');
        return refuse(
          UserErrorCode.WRONG_STATUS,
          proof?.status === ProofStatus.APPROVED ? PROOF_MESSAGES.alreadyApproved : PROOF_MESSAGES.nothingToApprove,
          'proof',
        );
      }
      if (order.childDataDeletedAt) return refuse(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.detailsDeleted, 'status');
      if (!inProofWindow(order)) return refuse(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.notBeingMade, 'status');
      const now = new Date();
      const changes = { status: answer.status, answeredAt: now, answeredBy: actorLabel(actor), message: answer.message };
      await manager.update(OrderProof, { id: proof.id }, changes);
      const approved = answer.status === ProofStatus.APPROVED;
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: approved ? PROOF_EVENTS.approved : PROOF_EVENTS.changesAsked,
        fromStatus: null,
        toStatus: null,
        actor,
        data: {
          version: proof.version,
          ...(answer.message === null ? {} : { message: answer.message }),
          ...(byParent ? {} : { onBehalf: true }),
        },
      });
      // The staff hear what the parent said; an owner answering for the parent already knows, and the parent is told.
      if (byParent) {
        const emails = this.staffEmails(order, { version: proof.version, approved, message: answer.message ?? undefined });
        for (const email of emails) await this.outbox.enqueue(manager, email);
      } else if (approved) {
        const options = await this.options.links.emailOptions(manager, orderId);
        await this.outbox.enqueue(manager, proofApprovedForYouOutboxEmail(order, proof.version, options));
      }
      this.logger.info(approved ? 'proof approved' : 'proof changes asked', {
        orderId,
        version: proof.version,
        actor: actorLabel(actor),
      });
      return succeed(Object.assign(new OrderProof(), proof, changes));
    });
  }

  /**
   * Reminds each parent whose proof has waited `PROOF_REMINDER_AFTER_MS` for an answer, once a
   * proof, up to a batch; answers how many. Each reminder is queued in the transaction that marks
   * its proof, under the order's row lock (which an answer takes too), so a crash sends neither
   * or both, an answer that arrives meanwhile wins, and two instances never remind twice.
   */
  async remindUnanswered(now = new Date()): Promise<number> {
    const due: Array<{ id: string; order_id: string }> = await this.dataSource.query(
      `SELECT p.id, p.order_id FROM order_proofs p
        WHERE p.status = 'AWAITING_ANSWER' AND p.reminded_at IS NULL AND p.created_at <= $1
        ORDER BY p.created_at LIMIT ${REMINDER_BATCH}`,
      [new Date(now.getTime() - PROOF_REMINDER_AFTER_MS).toISOString()],
    );
    let reminded = 0;
    for (const row of due) {
      const sent = await this.remindOne(row, now).catch((error: unknown) => {
        // One proof that cannot be reminded now must not hold up the others: it is tried again next run.
        this.logger.error('proof reminder failed', { error, orderId: row.order_id, proofId: row.id });
        return false;
      });
      if (sent) reminded++;
    }
    if (reminded > 0) this.logger.info('proof reminders queued', { count: reminded });
    return due.length;
  }

  private remindOne(row: { id: string; order_id: string }, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, row.order_id);
      const proof = await manager.findOne(OrderProof, { where: { id: row.id } });
      if (!order || !proof || proof.status !== ProofStatus.AWAITING_ANSWER || proof.remindedAt) return false;
      // A proof of an order no longer being made is not worth a reminder; it is marked all the same.
      await manager.update(OrderProof, { id: proof.id }, { remindedAt: now });
      if (!inProofWindow(order) || order.childDataDeletedAt) return false;
      await this.outbox.enqueue(
        manager,
        proofReminderOutboxEmail(order, proof.version, await this.options.links.emailOptions(manager, order.id)),
      );
      await this.lifecycle.recordEvent(manager, {
        orderId: order.id,
        type: PROOF_EVENTS.reminded,
        fromStatus: null,
        toStatus: null,
        actor: jobActor(PROOF_REMINDER_JOB),
        data: { version: proof.version },
      });
      return true;
    });
  }

  /**
   * The stored proof's first page's size, for the order page to hold the page's shape before it
   * is drawn: pdf.js reads it in a worker (a fraction of a second). A PDF it cannot read in time is
   * sent all the same, without one; so is a page too tall for the first page's image to be drawn
   * (a strip rather than a book's page), for which no place is held that tall.
   */
  private async readPageSize(orderId: string, key: string, bytes: number): Promise<PageSize | null> {
    try {
      const size = await pdfPageSize(storedPdf(this.storage, key, bytes));
      return drawablePage(size) ? size : null;
    } catch (error) {
      this.logger.warn("proof page size not read; the order page takes the page's shape once it is drawn", {
        orderId,
        key,
        reason: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  private sendRefusal(order: Pick<Order, 'status' | 'bookFormat' | 'childDataDeletedAt'>): UserFacingError | null {
    if (order.childDataDeletedAt) {
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.childDataDeleted, 'status');
    }
    if (!inProofWindow(order)) return new UserFacingError(UserErrorCode.WRONG_STATUS, PROOF_MESSAGES.notPaid, 'status');
    return null;
  }
}
