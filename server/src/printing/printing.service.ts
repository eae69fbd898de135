/**
 * Printing a printed order's book at the print partner (PRINT_PROVIDER=lulu): the studio uploads
 * the interior and the cover, checked against the product before anything is sent (the interior's
 * page size with bleed and its page-count limits, the cover against the size the partner computes
 * for that many pages), and sees the partner's price; sending then makes one print job for the
 * order (the order's id as the partner's external id, so a retry finds the job it made rather than
 * printing twice) with signed links the partner fetches the files from. The partner's webhook moves
 * the order on what the partner's API then says: shipped makes it Shipped with the partner's
 * carrier and tracking number and e-mails the parent; a rejected or failed job is a print problem
 * in the studio's queue, with the partner's message.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import type { Logger } from '../common/logger';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError } from '../common/user-error';
import { isUuid } from '../common/uuid';
import { openPdf, PdfTooLargeError } from '../delivery/pdf-file';
import { shippingConfirmationOutboxEmail } from '../mail/templates/shipping-confirmation';
import type { IncomingFile } from '../media/incoming-file';
import type { MediaSigner } from '../media/signed-url';
import type { Storage } from '../media/storage';
import { type Actor, actorLabel, webhookActor } from '../orders/actor';
import type { OrderLinks } from '../orders/order-access';
import { orderReference } from '../orders/order-format';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/order-lock';
import { OrderStatus } from '../orders/order-status';
import { Order } from '../orders/order.entity';
import { printRefusal } from '../proofs/proofs.service';
import { printAddress } from './print-address';
import { PrintJob } from './print-job.entity';
import { PRINT_EVENTS, PrintJobStep } from './print-job-status';
import {
  FAILED_JOB_STATUSES,
  type PartnerJob,
  type PrintPartner,
  PrintPartnerRefusal,
  PrintPartnerUnavailable,
  PrintWebhookRefused,
} from './print-partner';
import { inches, parsePodPackageId, type PrintProduct, sameSize } from '../common/print-product';
import { readPdfPages } from './pdf-geometry';

export const INTERIOR_FIELD = 'interior';
export const COVER_FIELD = 'cover';
/** How long the partner may fetch the print files from their signed links (it fetches them when it takes the job). */
export const PRINT_FILE_LINK_TTL_SECONDS = 3 * 86_400;
/**
 * How long one send holds the job at most: longer than its calls to the partner can take (a
 * token, the search and the creation, each cut off after 20 s and asked once more after a 401),
 * so a second send cannot start beside it and make a second job. A send that ends gives the job
 * back at once.
 */
export const SENDING_LEASE_MS = 5 * 60_000;

export const PRINT_MESSAGES = {
  noPartner: 'This shop has no print partner (PRINT_PROVIDER=manual): print the book elsewhere and mark the order shipped.',
  orderNotFound: 'Order not found.',
  notPrinted: 'Only a printed book goes to the printer.',
  wrongStatus: 'A book goes to the printer while its order is Paid or Completed.',
  childDataDeleted: "The parent deleted this child's details, so the book cannot be printed.",
  noAddress: 'The order has no shipping address to print for.',
  atPrinter: (jobId: string) => `The book is already with the printer (job ${jobId}).`,
  beingSent: 'The book is being sent to the printer: send it again to finish, rather than uploading new files.',
  sendingNow: 'The book is being sent to the printer right now. Look again in a minute.',
  nothingToCancel: 'There is no print job at the printer to cancel.',
  tooLateToCancel: (message: string) => `The printer no longer takes a cancellation (the book is in production): ${message}`,
  cancelled: (by: string) => `Cancelled at the printer by ${by}.`,
  partnerShips: (jobId: string | null) =>
    `This book is with the printer${jobId ? ` (job ${jobId})` : ''}, which ships it: the order is marked shipped, with the printer's tracking number, when the printer says so.`,
  noState:
    'The shipping address has no state or province, which the printer needs: ask the parent for it. The book cannot go to the printer without one.',
  pageMultiple: (product: PrintProduct, count: number) =>
    `A ${product.bindingName} book has a multiple of 4 interior pages; this interior has ${count}.`,
  noFiles: 'Upload the interior and the cover first.',
  failedAtPrinter: 'The printer turned the last job down: upload corrected files, then send again.',
  unreadable: (what: string) => `The ${what} could not be read as a PDF (damaged or password-protected).`,
  interiorPageSize: (product: PrintProduct, page: number, width: number, height: number) =>
    `Every interior page must be ${inches(product.pageWidthPt)} × ${inches(product.pageHeightPt)} in ` +
    `(the ${product.trimWidthIn} × ${product.trimHeightIn} in book with 0.125 in bleed on every side); ` +
    `page ${page} is ${inches(width)} × ${inches(height)} in.`,
  pageCount: (product: PrintProduct, count: number) =>
    `A ${product.bindingName} book has ${product.minPages} to ${product.maxPages} interior pages; this interior has ${count}.`,
  coverPages: (count: number) => `The cover must be one page (back, spine and front together); this one has ${count}.`,
  coverSize: (pageCount: number, want: { widthPt: number; heightPt: number }, width: number, height: number) =>
    `For ${pageCount} interior pages the cover must be ${inches(want.widthPt)} × ${inches(want.heightPt)} in ` +
    `(${want.widthPt.toFixed(0)} × ${want.heightPt.toFixed(0)} pt); this one is ${inches(width)} × ${inches(height)} in.`,
  partnerDown: 'The printer could not be reached, or did not answer. Please try again: a retry never prints the book twice.',
  partnerRefused: (message: string) => `The printer refused it: ${message}`,
  uploadFailed: 'Failed to upload the print files',
  sendFailed: 'Sending the book to the printer failed. Please try again: a retry never prints the book twice.',
} as const;

export interface PrintingOptions {
  publicUrl: string;
  /** The order's e-mailed link. */
  links: OrderLinks;
  pdfMaxBytes: number;
  /** Who the partner asks about a job (STAFF_EMAIL's first address, or the shop's sender). */
  contactEmail: string;
}

/** A stored print file and its size, or the key to delete when a later step fails. */
interface StoredFiles {
  interiorKey: string;
  coverKey: string;
}

const FIELD_LENGTHS = { carrier: 32, trackingNumber: 64 } as const;

/**
 * For the deletion of a child's details, in its transaction: the print files hold the child's
 * book, so they go; answers the keys to delete once it commits.
 */
export async function releasePrintFiles(manager: EntityManager, orderId: string): Promise<string[]> {
  const job = await manager.findOneBy(PrintJob, { orderId });
  if (!job) return [];
  await manager.update(PrintJob, { orderId }, { interiorKey: null, coverKey: null, updatedAt: new Date() });
  return [job.interiorKey, job.coverKey].filter((key): key is string => key !== null);
}

/**
 * Why an admin may not mark the order shipped by hand, or null: a book the print partner has (or
 * is being sent to it) is shipped by the partner, and marked shipped with the partner's tracking
 * number when it says so. One the partner turned down may be printed and shipped another way.
 */
export async function partnerShipsRefusal(manager: EntityManager, orderId: string): Promise<UserFacingError | null> {
  const job = await manager.findOneBy(PrintJob, { orderId });
  if (!job || (job.status !== PrintJobStep.SENDING && !atPartner(job))) return null;
  return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.partnerShips(job.externalId), 'orderId');
}

/** Whether the partner has the job and is still to print or ship it: neither shipped nor turned down. */
function atPartner(job: PrintJob | null): job is PrintJob & { externalId: string } {
  return Boolean(job?.externalId) && job!.status !== 'SHIPPED' && !FAILED_JOB_STATUSES.has(job!.status);
}

export class PrintingService {
  private readonly product: PrintProduct | null;
  private readonly reading = new ConcurrencyLimit(1);

  constructor(
    private readonly dataSource: DataSource,
    /** Null: PRINT_PROVIDER=manual, and nothing is sent to a printer. */
    private readonly partner: PrintPartner | null,
    private readonly storage: Storage,
    private readonly signer: MediaSigner,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
    private readonly options: PrintingOptions,
  ) {
    this.product = partner ? parsePodPackageId(partner.productId) : null;
    if (partner && !this.product)
      throw new Error(`The print product ${partner.productId} is not a pod_package_id the shop knows`);
  }

  /** Which partner prints: `manual` when none. */
  get providerName(): string {
    return this.partner?.name ?? 'manual';
  }

  /** The partner and product, for the portal. */
  partnerInfo(): { provider: string; productId: string | null; shippingLevel: string | null } {
    return {
      provider: this.providerName,
      productId: this.partner?.productId ?? null,
      shippingLevel: this.partner?.shippingLevel ?? null,
    };
  }

  printJobOf(orderId: string): Promise<PrintJob | null> {
    return this.dataSource.manager.findOneBy(PrintJob, { orderId });
  }

  /**
   * Checks and stores the interior and the cover of a printed order whose newest proof is approved,
   * with the partner's price for them: the job is then ready to send. Files sent before for the
   * same order (not yet at the printer, or turned down by it) are replaced.
   */
  async uploadPrintFiles(
    orderId: string,
    interior: Promise<IncomingFile>,
    cover: Promise<IncomingFile>,
    actor: Actor,
  ): Promise<Outcome<PrintJob>> {
    const partner = this.partner;
    const product = this.product;
    if (!partner || !product) return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noPartner, 'orderId');
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, PRINT_MESSAGES.orderNotFound, 'orderId');
    const checked = await this.dataSource.transaction((manager) => this.uploadable(manager, orderId, false));
    if (checked instanceof UserFacingError) return refusalOf(checked);
    const order = checked;

    let stored: StoredFiles | null = null;
    let pageCount: number;
    let quote: { costCents: number; currency: string };
    try {
      // The files are read whole to be measured: one upload's at a time, so two cannot double the memory.
      const read = await this.reading.run(async () => {
        const interiorBytes = await this.readPdf(interior, INTERIOR_FIELD);
        const coverBytes = await this.readPdf(cover, COVER_FIELD);
        return {
          interiorBytes,
          coverBytes,
          interiorPages: await readPdfPages(interiorBytes),
          coverPages: await readPdfPages(coverBytes),
        };
      });
      const { interiorBytes, coverBytes, interiorPages, coverPages } = read;
      if (!interiorPages) return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.unreadable('interior'), INTERIOR_FIELD);
      pageCount = interiorPages.count;
      if (pageCount < product.minPages || pageCount > product.maxPages) {
        return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.pageCount(product, pageCount), INTERIOR_FIELD);
      }
      if (product.binding === 'SS' && pageCount % 4 !== 0) {
        return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.pageMultiple(product, pageCount), INTERIOR_FIELD);
      }
      const wrongPage = interiorPages.sizes.findIndex(
        (size) => !sameSize(size.width, size.height, product.pageWidthPt, product.pageHeightPt),
      );
      if (wrongPage >= 0) {
        const size = interiorPages.sizes[wrongPage];
        return refuse(
          UserErrorCode.INVALID_INPUT,
          PRINT_MESSAGES.interiorPageSize(product, wrongPage + 1, size.width, size.height),
          INTERIOR_FIELD,
        );
      }
      if (!coverPages) return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.unreadable('cover'), COVER_FIELD);
      if (coverPages.count !== 1)
        return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.coverPages(coverPages.count), COVER_FIELD);
      const wanted = await partner.coverDimensions(pageCount);
      const [coverSize] = coverPages.sizes;
      if (!sameSize(coverSize.width, coverSize.height, wanted.widthPt, wanted.heightPt)) {
        return refuse(
          UserErrorCode.INVALID_INPUT,
          PRINT_MESSAGES.coverSize(pageCount, wanted, coverSize.width, coverSize.height),
          COVER_FIELD,
        );
      }
      quote = await partner.quote(pageCount, printAddress(order.shippingAddress!, order.email));
      const base = `print/${orderId}-${randomUUID().slice(0, 8)}`;
      stored = { interiorKey: `${base}-interior.pdf`, coverKey: `${base}-cover.pdf` };
      await this.storage.put(stored.interiorKey, Buffer.from(interiorBytes), 'application/pdf');
      await this.storage.put(stored.coverKey, Buffer.from(coverBytes), 'application/pdf');
    } catch (error) {
      await this.removeFiles(stored);
      return this.failure(error, orderId, 'print files upload failed');
    }

    try {
      const { job, replaced } = await this.dataSource.transaction(async (manager) => {
        const stillChecked = await this.uploadable(manager, orderId, true);
        if (stillChecked instanceof UserFacingError) throw stillChecked;
        const previous = await manager.findOneBy(PrintJob, { orderId });
        const now = new Date();
        const job = Object.assign(new PrintJob(), {
          orderId,
          provider: partner.name,
          status: PrintJobStep.FILES_READY,
          externalId: null,
          interiorKey: stored!.interiorKey,
          coverKey: stored!.coverKey,
          pageCount,
          costCents: quote.costCents,
          currency: quote.currency,
          error: null,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
          sentAt: null,
          sendingUntil: null,
        });
        await manager.save(PrintJob, job);
        await this.lifecycle.recordEvent(manager, {
          orderId,
          type: PRINT_EVENTS.filesReady,
          fromStatus: null,
          toStatus: null,
          actor,
          data: { pageCount, costCents: quote.costCents, currency: quote.currency, provider: partner.name },
        });
        return { job, replaced: previous };
      });
      await this.removeFiles(
        replaced?.interiorKey && replaced.coverKey ? { interiorKey: replaced.interiorKey, coverKey: replaced.coverKey } : null,
      );
      this.logger.info('print files ready', { orderId, pageCount, costCents: quote.costCents, actor: actorLabel(actor) });
      return succeed(job);
    } catch (error) {
      const recorded =
        !(error instanceof UserFacingError) &&
        (await this.dataSource.manager.exists(PrintJob, { where: { interiorKey: stored.interiorKey } }).catch(() => true));
      if (!recorded) await this.removeFiles(stored);
      return this.failure(error, orderId, 'recording print files failed');
    }
  }

  /**
   * Sends the order's checked files to the partner as one print job. Sending again after a lost
   * answer asks the partner for the job with the order's id first, and takes that one.
   */
  async sendToPrinter(orderId: string, actor: Actor): Promise<Outcome<PrintJob>> {
    const partner = this.partner;
    if (!partner) return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noPartner, 'orderId');
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, PRINT_MESSAGES.orderNotFound, 'orderId');
    let prepared: { order: Order; job: PrintJob };
    try {
      prepared = await this.dataSource.transaction(async (manager) => {
        const order = await lockOrder(manager, orderId);
        const refused = await this.orderRefusal(manager, order);
        if (refused) throw refused;
        const job = await manager.findOneBy(PrintJob, { orderId });
        if (!job || !job.interiorKey || !job.coverKey) {
          throw new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noFiles, 'orderId');
        }
        if (FAILED_JOB_STATUSES.has(job.status)) {
          throw new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.failedAtPrinter, 'orderId');
        }
        if (job.externalId)
          throw new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.atPrinter(job.externalId), 'orderId');
        const now = new Date();
        if (job.sendingUntil && job.sendingUntil.getTime() > now.getTime()) {
          throw new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.sendingNow, 'orderId');
        }
        // This send's lease: its later writes happen only while the row still carries it.
        const sending = {
          status: PrintJobStep.SENDING,
          sendingUntil: new Date(now.getTime() + SENDING_LEASE_MS),
          updatedAt: now,
        };
        await manager.update(PrintJob, { orderId }, sending);
        return { order: order!, job: Object.assign(job, sending) };
      });
    } catch (error) {
      return refusalOf(error);
    }

    const { order, job } = prepared;
    let made: PartnerJob;
    try {
      made =
        (await partner.findJob(orderId)) ??
        (await partner.createJob({
          externalId: orderId,
          title: `Storybook ${orderReference(orderId)}`,
          pageCount: job.pageCount,
          interiorUrl: this.fileUrl(job.interiorKey!),
          coverUrl: this.fileUrl(job.coverKey!),
          address: printAddress(order.shippingAddress!, order.email),
          contactEmail: this.options.contactEmail,
        }));
    } catch (error) {
      if (error instanceof PrintPartnerRefusal) {
        // Nothing was made at the partner: the files are ready again, with the partner's reason beside them.
        await this.dataSource.manager.update(
          PrintJob,
          { orderId, sendingUntil: job.sendingUntil! },
          { status: PrintJobStep.FILES_READY, error: error.message, sendingUntil: null, updatedAt: new Date() },
        );
        this.logger.warn('print job refused by the partner', { orderId, reason: error.message });
        return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.partnerRefused(error.message), 'orderId');
      }
      // The job stays SENDING, its lease given back: sending again asks the partner for the job it may have made.
      await this.releaseLease(orderId, job.sendingUntil!);
      return this.failure(error, orderId, 'sending a print job failed', PRINT_MESSAGES.sendFailed);
    }

    const failed = FAILED_JOB_STATUSES.has(made.status);
    let sent: PrintJob | null;
    try {
      sent = await this.dataSource.transaction(async (manager) => {
        await lockOrder(manager, orderId);
        const now = new Date();
        const changes = {
          externalId: made.id,
          status: made.status,
          costCents: made.costCents ?? job.costCents,
          currency: made.currency ?? job.currency,
          error: failed ? (made.message ?? made.status) : null,
          sentAt: now,
          sendingUntil: null,
          updatedAt: now,
        };
        // Only while this send holds the job: a send that outlived its lease leaves the row to the one that took over.
        const held = await manager.update(PrintJob, { orderId, sendingUntil: job.sendingUntil! }, changes);
        if (!held.affected) return null;
        // The partner may turn a job down as it takes it (a file it could not fetch): then it is a print problem at once,
        // and one event says so (two in one transaction would share a time, and the queue could read them either way).
        await this.lifecycle.recordEvent(manager, {
          orderId,
          type: failed ? PRINT_EVENTS.problem : PRINT_EVENTS.sent,
          fromStatus: null,
          toStatus: null,
          actor,
          data: {
            provider: partner.name,
            jobId: made.id,
            status: made.status,
            costCents: changes.costCents,
            message: made.message,
          },
        });
        return Object.assign(job, changes);
      });
    } catch (error) {
      // The partner has the job; recording it failed. Sending again finds it by the order's id: give the lease back.
      await this.releaseLease(orderId, job.sendingUntil!);
      return this.failure(error, orderId, 'recording a sent print job failed', PRINT_MESSAGES.sendFailed);
    }
    if (!sent) {
      // Another send took the job over after this one's lease ran out. It found this job by the order's id,
      // unless it searched before the partner had it: then the partner has two, and this one must not print.
      const current = await this.printJobOf(orderId);
      if (current?.externalId !== made.id) {
        this.logger.error('print job made by an overtaken send: cancelling it', {
          orderId,
          jobId: made.id,
          kept: current?.externalId,
        });
        await partner
          .cancelJob(made.id)
          .catch((error: unknown) =>
            this.logger.error('overtaken print job could not be cancelled', { error, orderId, jobId: made.id }),
          );
      }
      return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.sendingNow, 'orderId');
    }
    this.logger.info('print job sent', { orderId, jobId: made.id, status: made.status, actor: actorLabel(actor) });
    return succeed(sent);
  }

  /**
   * A webhook from the partner: verified the partner's way, then acted on only as far as the
   * partner's API confirms (the job is asked for by its id). Answers what was done, for the log.
   * Throws PrintWebhookRefused for a request that is not the partner's.
   */
  async handleWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<string> {
    if (!this.partner) throw new PrintWebhookRefused('no print partner is configured');
    const verified = this.partner.verifyWebhook(rawBody, headers);
    if ('ignore' in verified) return `ignored: ${verified.ignore}`;
    const row = await this.dataSource.manager.findOneBy(PrintJob, {
      provider: this.partner.name,
      externalId: verified.jobId,
    });
    if (!row) {
      this.logger.warn('print webhook for a job the shop did not send', { jobId: verified.jobId });
      return 'ignored: unknown job';
    }
    const job = await this.partner.getJob(verified.jobId);
    if (job.externalId !== row.orderId) {
      this.logger.error('print job belongs to another order at the partner', { jobId: job.id, orderId: row.orderId });
      return 'ignored: external id differs';
    }
    return this.applyJob(row.orderId, job);
  }

  /** Moves the order on the partner's job as its API says it is now; the same status again changes nothing. */
  async applyJob(orderId: string, job: PartnerJob): Promise<string> {
    const actor = webhookActor(this.providerName);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const row = await manager.findOneBy(PrintJob, { orderId });
      if (!order || !row || row.externalId !== job.id) return 'ignored: not this order’s current job';
      const failed = FAILED_JOB_STATUSES.has(job.status);
      const shipsNow = job.status === 'SHIPPED' && (order.status === OrderStatus.Paid || order.status === OrderStatus.Completed);
      if (row.status === job.status && !shipsNow) return 'unchanged';
      const now = new Date();
      await manager.update(
        PrintJob,
        { orderId },
        {
          status: job.status,
          costCents: job.costCents ?? row.costCents,
          currency: job.currency ?? row.currency,
          error: failed ? (job.message ?? job.status) : null,
          updatedAt: now,
        },
      );
      if (shipsNow) {
        const carrier = (job.carrier || this.providerName).slice(0, FIELD_LENGTHS.carrier);
        const trackingNumber = job.trackingNumber?.slice(0, FIELD_LENGTHS.trackingNumber) ?? null;
        await this.lifecycle.transition(manager, orderId, {
          to: OrderStatus.Shipped,
          actor,
          patch: { shippingCarrier: carrier, trackingNumber },
          data: { carrier, trackingNumber, printJob: job.id, trackingUrl: job.trackingUrl },
          email: async (shipped, tx) =>
            shippingConfirmationOutboxEmail(shipped, await this.options.links.emailOptions(tx, shipped.id)),
        });
        return 'shipped';
      }
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: failed ? PRINT_EVENTS.problem : PRINT_EVENTS.status,
        fromStatus: null,
        toStatus: null,
        actor,
        data: { jobId: job.id, status: job.status, ...(failed ? { message: job.message } : {}) },
      });
      return failed ? 'print problem' : `status ${job.status}`;
    });
    this.logger.info('print job update', { orderId, jobId: job.id, status: job.status, outcome });
    return outcome;
  }

  /** Whether the order has a job at the partner that is neither shipped nor failed: one a refund should stop. */
  async hasOpenJob(manager: EntityManager, orderId: string): Promise<boolean> {
    return atPartner(await manager.findOneBy(PrintJob, { orderId }));
  }

  /**
   * Cancels the order's job at the partner, which allows it only before production. The job then
   * needs new files to print again (a print problem while the order is still being made).
   */
  async cancelAtPrinter(orderId: string, actor: Actor): Promise<Outcome<PrintJob>> {
    const partner = this.partner;
    if (!partner) return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noPartner, 'orderId');
    if (!isUuid(orderId)) return refuse(UserErrorCode.NOT_FOUND, PRINT_MESSAGES.orderNotFound, 'orderId');
    const job = await this.printJobOf(orderId);
    if (!atPartner(job)) return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.nothingToCancel, 'orderId');
    try {
      await partner.cancelJob(job.externalId);
    } catch (error) {
      if (error instanceof PrintPartnerRefusal) {
        this.logger.warn('print job could not be cancelled', { orderId, jobId: job.externalId, reason: error.message });
        return refuse(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.tooLateToCancel(error.message), 'orderId');
      }
      return this.failure(error, orderId, 'cancelling a print job failed', PRINT_MESSAGES.partnerDown);
    }
    const message = PRINT_MESSAGES.cancelled(actorLabel(actor));
    const cancelled = await this.dataSource.transaction(async (manager) => {
      await lockOrder(manager, orderId);
      const changes = { status: 'CANCELED', error: message, updatedAt: new Date() };
      await manager.update(PrintJob, { orderId, externalId: job.externalId! }, changes);
      await this.lifecycle.recordEvent(manager, {
        orderId,
        type: PRINT_EVENTS.problem,
        fromStatus: null,
        toStatus: null,
        actor,
        data: { jobId: job.externalId, status: 'CANCELED', message },
      });
      return Object.assign(job, changes);
    });
    this.logger.info('print job cancelled', { orderId, jobId: job.externalId, actor: actorLabel(actor) });
    return succeed(cancelled);
  }

  /** Asks the partner about each job it has that is neither shipped nor failed, and moves its order on. */
  async syncOpenJobs(): Promise<void> {
    const partner = this.partner;
    if (!partner) return;
    const open = await this.dataSource.manager
      .createQueryBuilder(PrintJob, 'job')
      .where('job.provider = :provider AND job.external_id IS NOT NULL', { provider: partner.name })
      .andWhere('job.status NOT IN (:...done)', { done: ['SHIPPED', ...FAILED_JOB_STATUSES] })
      .orderBy('job.updated_at', 'ASC')
      .getMany();
    let failures = 0;
    for (const row of open) {
      try {
        const job = await partner.getJob(row.externalId!);
        if (job.externalId === row.orderId) await this.applyJob(row.orderId, job);
      } catch (error) {
        // One job the partner cannot answer about does not hold up the others. One it refuses to answer about (gone,
        // say) is logged, not retried: only an outage is worth the job runner's retries.
        this.logger.error('print job sync failed', { error, orderId: row.orderId, jobId: row.externalId });
        if (!(error instanceof PrintPartnerRefusal)) failures += 1;
      }
    }
    if (failures > 0) throw new Error(`${failures} of ${open.length} print jobs could not be synced`);
  }

  /** The order, when print files may be uploaded for it now; else why not. */
  private async uploadable(manager: EntityManager, orderId: string, lock: boolean): Promise<Order | UserFacingError> {
    const order = lock ? await lockOrder(manager, orderId) : await manager.findOneBy(Order, { id: orderId });
    const refused = await this.orderRefusal(manager, order);
    if (refused) return refused;
    const job = await manager.findOneBy(PrintJob, { orderId });
    if (job?.status === PrintJobStep.SENDING)
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.beingSent, 'orderId');
    if (job?.externalId && !FAILED_JOB_STATUSES.has(job.status)) {
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.atPrinter(job.externalId), 'orderId');
    }
    return order!;
  }

  /** Why the order may not go to the printer now, or null: a printed, paid order, its details kept, its newest proof approved. */
  private async orderRefusal(manager: EntityManager, order: Order | null): Promise<UserFacingError | null> {
    if (!order) return new UserFacingError(UserErrorCode.NOT_FOUND, PRINT_MESSAGES.orderNotFound, 'orderId');
    if (order.bookFormat !== 'printed')
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.notPrinted, 'orderId');
    if (order.status !== OrderStatus.Paid && order.status !== OrderStatus.Completed) {
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.wrongStatus, 'status');
    }
    if (order.childDataDeletedAt)
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.childDataDeleted, 'status');
    if (!order.shippingAddress) return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noAddress, 'orderId');
    if (!printAddress(order.shippingAddress, order.email).stateCode) {
      return new UserFacingError(UserErrorCode.WRONG_STATUS, PRINT_MESSAGES.noState, 'orderId');
    }
    return printRefusal(manager, order);
  }

  /** The whole upload as bytes, refused when it is not a PDF or is over the cap. */
  private async readPdf(upload: Promise<IncomingFile>, field: string): Promise<Uint8Array> {
    try {
      const file = await upload;
      const pdf = await openPdf(file.createReadStream(), this.options.pdfMaxBytes);
      const chunks: Buffer[] = [];
      for await (const chunk of pdf.body) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    } catch (error) {
      if (error instanceof UserFacingError) throw new UserFacingError(error.code, error.message, field);
      if ((error as { status?: number }).status === 413) {
        // graphql-upload cut the request off at its own cap, before the PDF's.
        throw new UserFacingError(UserErrorCode.INVALID_INPUT, new PdfTooLargeError(this.options.pdfMaxBytes).message, field);
      }
      throw error;
    }
  }

  /** Gives a send's hold on the job back, if it still has it. */
  private async releaseLease(orderId: string, sendingUntil: Date): Promise<void> {
    await this.dataSource.manager
      .update(PrintJob, { orderId, sendingUntil }, { sendingUntil: null })
      .catch((error: unknown) => this.logger.error('print send lease release failed', { error, orderId }));
  }

  private fileUrl(key: string): string {
    return `${this.options.publicUrl}${this.signer.url(key, PRINT_FILE_LINK_TTL_SECONDS)}`;
  }

  private async removeFiles(files: StoredFiles | null): Promise<void> {
    for (const key of files ? [files.interiorKey, files.coverKey] : []) {
      await this.storage.delete(key).catch((error: unknown) => this.logger.error('print file cleanup failed', { error, key }));
    }
  }

  private failure(error: unknown, orderId: string, what: string, message: string = PRINT_MESSAGES.uploadFailed): Outcome<never> {
    if (error instanceof UserFacingError) return refusalOf(error);
    if (error instanceof PrintPartnerRefusal) {
      return refuse(UserErrorCode.INVALID_INPUT, PRINT_MESSAGES.partnerRefused(error.message), 'orderId');
    }
    if (error instanceof PrintPartnerUnavailable) {
      this.logger.error(what, { error, orderId });
      return refuse(UserErrorCode.INTERNAL_FAILURE, PRINT_MESSAGES.partnerDown, 'orderId');
    }
    this.logger.error(what, { error, orderId });
    return refuse(UserErrorCode.INTERNAL_FAILURE, message, 'orderId');
  }
}
