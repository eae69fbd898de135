/**
 * A print partner that prints and ships the shop's printed books (Lulu's Print API today),
 * behind one interface so the shop's printing is the same whoever prints. PRINT_PROVIDER=manual
 * (the default) has none: an admin prints elsewhere and marks the order shipped.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Where a print job stands at the partner (Lulu's status names). */
export type PartnerJobStatus =
  | 'CREATED'
  | 'UNPAID'
  | 'PAYMENT_IN_PROGRESS'
  | 'PRODUCTION_DELAYED'
  | 'PRODUCTION_READY'
  | 'IN_PRODUCTION'
  | 'SHIPPED'
  | 'REJECTED'
  | 'CANCELED'
  | 'ERROR';

/** Statuses in which the partner still takes a cancellation (Lulu's status transitions). */
export const CANCELLABLE_JOB_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'UNPAID', 'PRODUCTION_DELAYED']);

/** Statuses after which the partner will not print the job: it needs new files, or a new job. */
export const FAILED_JOB_STATUSES: ReadonlySet<string> = new Set(['REJECTED', 'CANCELED', 'ERROR']);

export interface PrintAddress {
  name: string;
  street1: string;
  /** Apartment, suite, unit: only when the parent gave one. */
  street2?: string;
  city: string;
  /** ISO 3166-2 subdivision code (CA, ON), or empty. */
  stateCode: string;
  postcode: string;
  /** ISO 3166-1 alpha-2 (US, CA). */
  countryCode: string;
  email: string;
  /** The parent's phone for the carrier, when given (else the partner is given the shop's own). */
  phone?: string;
}

export interface PrintJobRequest {
  /** The shop's order id: the partner's external id, so a retried request finds the job it made. */
  externalId: string;
  title: string;
  pageCount: number;
  interiorUrl: string;
  coverUrl: string;
  address: PrintAddress;
  /** Who the partner asks when something is wrong with the job (the studio's e-mail). */
  contactEmail: string;
}

export interface PartnerJob {
  /** The partner's id of the job. */
  id: string;
  externalId: string | null;
  status: PartnerJobStatus | string;
  /** What the partner says of the status (a rejection's reason, above all). */
  message: string | null;
  /** Total cost of the job with tax, in integer cents of `currency`, once the partner knows it. */
  costCents: number | null;
  currency: string | null;
  /** For a shipped job: the carrier and the tracking number of its first shipment. */
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export interface PrintQuote {
  costCents: number;
  currency: string;
}

/** The partner refused a request (bad input): its message is for the staff to read. */
export class PrintPartnerRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintPartnerRefusal';
  }
}

/** The partner could not be reached, or failed: the request may be tried again. */
export class PrintPartnerUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PrintPartnerUnavailable';
  }
}

export interface PrintPartner {
  readonly name: string;
  /** The product the shop prints (its pod_package_id) and how it ships. */
  readonly productId: string;
  readonly shippingLevel: string;
  /** The cover's size in points for an interior of `pageCount` pages, as the partner computes it. */
  coverDimensions(pageCount: number): Promise<{ widthPt: number; heightPt: number }>;
  /** What printing and shipping one copy to `address` costs, tax included. */
  quote(pageCount: number, address: PrintAddress): Promise<PrintQuote>;
  /** The partner's job with this external id that is not failed, if one was made (a retry after a lost answer). */
  findJob(externalId: string): Promise<PartnerJob | null>;
  createJob(request: PrintJobRequest): Promise<PartnerJob>;
  /** The job as the partner's API says it is now. */
  getJob(id: string): Promise<PartnerJob>;
  /**
   * Cancels the job at the partner, which it allows only before production (Lulu: CREATED,
   * UNPAID or PRODUCTION_DELAYED); throws PrintPartnerRefusal with its reason otherwise.
   */
  cancelJob(id: string): Promise<void>;
  /**
   * The job id a webhook is about, once its signature is checked the partner's documented way;
   * throws PrintWebhookRefused for a request that is not the partner's. The body says only which
   * job to ask the partner about: what to do is decided on `getJob`'s answer.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): { jobId: string } | { ignore: string };
}

export class PrintWebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintWebhookRefused';
  }
}
