/**
 * The composition root: the one place that reads the configuration to choose the providers
 * (payments, file storage, mail or outbox-only) and builds every service with what it needs.
 * The app, the process entry and the scripts take their services from here.
 */
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { type ClientRateLimits, clientRateLimits } from './abuse/rate-limit-rules';
import { RateLimiter } from './abuse/rate-limiter';
import { AdminAccountsService } from './admin/admin-accounts.service';
import { AuthService } from './admin/auth.service';
import { SessionCookie } from './admin/session-cookie';
import type { Logger } from './common/logger';
import type { Config } from './config';
import { DeliveryService } from './delivery/delivery.service';
import { CancellationService } from './fulfilment/cancellation.service';
import { RefundService } from './payments/refund.service';
import { ShippingService } from './fulfilment/shipping.service';
import { MailgunMailer } from './mail/mailgun.mailer';
import type { Mailer } from './mail/mailer';
import { OutboxService } from './mail/outbox.service';
import { OutboxWorker } from './mail/outbox.worker';
import { type StaffChangeRequestEmails, staffNotifications } from './mail/templates/staff-notifications';
import { LocalStorage } from './media/local-storage';
import { S3Storage } from './media/s3-storage';
import { OrphanedFiles } from './media/orphaned-files';
import { VideoUploadAccess } from './media/upload-access-check';
import { MediaSigner } from './media/signed-url';
import type { Storage } from './media/storage';
import { NewsletterService } from './newsletter/newsletter.service';
import { ContactService } from './contact/contact.service';
import { ChangeRequestService } from './order-page/change-request.service';
import { OrderLifecycle } from './orders/order-lifecycle';
import { ReceiptLinks } from './orders/receipt-links';
import { JobRunner } from './jobs/job-runner';
import {
  abandonedVideoUploadsJob,
  photoRetentionJob,
  supersededDeliveryFilesJob,
  sweepVideoUploadsOnChildDataDeletion,
} from './delivery/retention.jobs';
import { DirectVideoUploads } from './delivery/direct-video-uploads';
import { orphanedFilesJob } from './media/orphaned-files.job';
import { OrderLookupService } from './order-page/order-lookup.service';
import { PaidOrderChangesService } from './order-page/paid-order-changes.service';
import { GiftDateService } from './order-page/gift-date.service';
import { OrderPageService } from './order-page/order-page.service';
import { AssignmentService } from './studio/assignment.service';
import { ChangeAnswersService } from './studio/change-answers.service';
import { OrderNotesService } from './studio/order-notes.service';
import { OverdueNotifier, overdueJob, workItemsRebuildJob } from './studio/overdue.job';
import { WorkItems } from './studio/work-items';
import { WorkQueueService } from './studio/work-queue.service';
import { DiscountCodes } from './discounts/discount-codes.service';
import { PaymentReminders, paymentRemindersJob } from './checkout/payment-reminders';
import { ProofsService } from './proofs/proofs.service';
import { drawFirstPageOnProofSent, proofFirstPageJob } from './proofs/proof-first-page.job';
import { proofRemindersJob } from './proofs/proof-reminders.job';
import { LuluPartner } from './printing/lulu/lulu.partner';
import type { PrintPartner } from './printing/print-partner';
import { printJobsSyncJob } from './printing/print-jobs-sync.job';
import { cancelPrintingOnRefund, printCancelJob } from './printing/print-cancel.job';
import { partnerShipsRefusal, PrintingService } from './printing/printing.service';
import { OrderStatus } from './orders/order-status';
import { OrderService } from './checkout/order.service';
import { AdminOrdersService } from './admin-orders/admin-orders.service';
import { OrderExport } from './admin-orders/orders-csv';
import { PhotoRetention } from './delivery/photo-retention';
import { Metrics } from './observability/metrics';
import { PaymentProviders } from './payments/payment-providers';
import { PaymentService } from './payments/payment.service';
import { SandboxProvider } from './payments/sandbox/sandbox.provider';
import { StripeProvider, stripeApiTarget } from './payments/stripe/stripe.provider';
import { PayPalProvider, paypalSdkUrl } from './payments/paypal/paypal.provider';
import type { ShopSettings } from './shop/shop-config.types';
import { OrderLinks } from './orders/order-access';

/** Where payments, files and e-mail go. */
export interface Providers {
  /** The payment providers, by name; the checkout's takes new payments. */
  payments: PaymentProviders;
  storage: Storage;
  /** Null: no mail provider is configured, and e-mails stay in the outbox (and the log). */
  mailer: Mailer | null;
  /** Null: PRINT_PROVIDER=manual; printed books are printed elsewhere and marked shipped. */
  printer: PrintPartner | null;
}

export interface Services {
  /** Background work: scheduled sweeps and jobs queued in a caller's transaction. */
  jobs: JobRunner;
  settings: ShopSettings;
  storage: Storage;
  signer: MediaSigner;
  cookie: SessionCookie;
  auth: AuthService;
  orders: OrderService;
  /** The one e-mail to a parent whose order has waited a day for payment (the payment-reminders job). */
  paymentReminders: PaymentReminders;
  /** Discount codes: the owners' list, and the code on a parent's order. */
  discounts: DiscountCodes;
  /** The admin's list of orders. */
  adminOrders: AdminOrdersService;
  lifecycle: OrderLifecycle;
  outbox: OutboxService;
  /** Null when there is no mail provider: nothing sends the outbox's rows. */
  outboxWorker: OutboxWorker | null;
  payments: PaymentService;
  delivery: DeliveryService;
  changeRequests: ChangeRequestService;
  /** The parent's private order page and what it offers. */
  orderPages: OrderPageService;
  /** "Find my order": links by e-mail, rate-limited. */
  orderLookup: OrderLookupService;
  /** A paid book corrected or cancelled by the parent before the studio starts on it. */
  paidOrderChanges: PaidOrderChangesService;
  giftDates: GiftDateService;
  photoRetention: PhotoRetention;
  /** Files no order references (left by a crash), swept at start-up and hourly. */
  orphanedFiles: OrphanedFiles;
  /** Finished videos on their way from an admin's browser straight to the bucket. */
  videoUploads: DirectVideoUploads;
  /** Whether the bucket's CORS rules let the admin portal send videos to it (read at start-up, then as deliveries start). */
  videoUploadAccess: VideoUploadAccess;
  newsletter: NewsletterService;
  /** The contact form's messages. */
  contact: ContactService;
  shipping: ShippingService;
  refunds: RefundService;
  cancellation: CancellationService;
  /** The staff e-mails for a parent's change request (STAFF_EMAIL); the caller queues them in its transaction. */
  staffChangeRequestEmails: StaffChangeRequestEmails;
  admins: AdminAccountsService;
  /** Who on the staff has taken an order. */
  assignments: AssignmentService;
  /** The staff's reply to, or decline of, a parent's change request. */
  changeAnswers: ChangeAnswersService;
  /** Notes staff write about an order for each other. */
  orderNotes: OrderNotesService;
  /** The studio's queue, kept in step with every order's history. */
  workItems: WorkItems;
  workQueue: WorkQueueService;
  /** Tells STAFF_EMAIL once of each item that goes overdue (the studio-overdue job, every minute). */
  overdue: OverdueNotifier;
  /** Proofs of the book the parent approves before it is made. */
  proofs: ProofsService;
  /** Printed books at the print partner (PRINT_PROVIDER=lulu): files, the print job, its webhook. */
  printing: PrintingService;
  orderExport: OrderExport;
  /** This app's Prometheus registry and series, which the services record into. */
  metrics: Metrics;
  /** Per-client request limits shared through the database; RATE_LIMITS=off lets everything through. */
  rateLimiter: RateLimiter;
  /** The per-client limits in force (abuse/rate-limit-rules.ts). */
  rateLimits: ClientRateLimits;
}

/** Mailgun's answer is awaited at most this long; well inside the 15 s shutdown, so a send in flight is recorded. */
const MAIL_TIMEOUT_MS = 10_000;
/** How long a signed link on the parent's delivery page works: long enough to watch, or download on a slow line. */
const DELIVERY_MEDIA_TTL_SECONDS = 12 * 3600;

/** Stripe, S3 and Mailgun when configured; otherwise the offline sandbox, local disk and the outbox alone. */
export function createProviders(config: Config, dataSource: DataSource, logger: Logger): Providers {
  // The registry of payment providers: one line per provider.
  // The card form's provider first (Stripe, or the offline sandbox outside production), then PayPal's buttons.
  const payments = new PaymentProviders([
    config.stripe
      ? new StripeProvider({
          secretKey: config.stripe.secretKey,
          publishableKey: config.stripe.publishableKey,
          webhookSecret: config.stripe.webhookSecret,
          ...stripeApiTarget(config.stripe.apiUrl),
        })
      : new SandboxProvider(dataSource),
    ...(config.paypal ? [new PayPalProvider(config.paypal)] : []),
  ]);
  // The logger only hears of S3 multipart uploads that failed and could not be aborted.
  const storage = config.s3 ? new S3Storage(config.s3, { logger }) : new LocalStorage(path.join(config.dataDir, 'files'));
  const mailer = config.mailgun
    ? new MailgunMailer({ ...config.mailgun, from: config.mailFrom, timeoutMs: MAIL_TIMEOUT_MS })
    : null;
  const printer = config.lulu ? new LuluPartner(config.lulu) : null;
  return { payments, storage, mailer, printer };
}

export function createServices(
  config: Config,
  dataSource: DataSource,
  logger: Logger,
  providers: Providers = createProviders(config, dataSource, logger),
): Services {
  const { storage, mailer } = providers;
  const signer = new MediaSigner(config.mediaSecret, config.mediaUrlTtlSeconds);
  const receiptLinks = new ReceiptLinks(config.mediaSecret);
  const outbox = new OutboxService(dataSource, logger, {
    sendingEnabled: mailer !== null,
    // Outside production a developer reads the e-mails in the log; production logs never hold their text.
    logContents: !config.isProduction,
  });
  const metrics = new Metrics({
    processMetrics: config.metrics.token !== undefined || config.metrics.port !== undefined,
    outboxBacklog: () => outbox.backlog(),
  });
  const lifecycle = new OrderLifecycle(outbox, logger);
  const photoRetention = new PhotoRetention(dataSource, storage, lifecycle, logger);
  const orphanedFiles = new OrphanedFiles(dataSource, storage, logger);
  // Every background job, one line each; the runner is the only loop (jobs/job-runner.ts).
  const jobs = new JobRunner(dataSource, logger, { onOutcome: (job, outcome) => metrics.jobRun(job, outcome) });
  jobs.define(photoRetentionJob(photoRetention));
  jobs.define(supersededDeliveryFilesJob(photoRetention));
  jobs.define(orphanedFilesJob(orphanedFiles));
  const videoUploadAccess = new VideoUploadAccess(storage, config.publicUrl, logger);
  const directVideoUploads = new DirectVideoUploads(dataSource, storage, logger, {
    videoMaxBytes: config.videoMaxBytes,
    access: videoUploadAccess,
  });
  jobs.define(abandonedVideoUploadsJob(directVideoUploads));
  lifecycle.onEvent(sweepVideoUploadsOnChildDataDeletion(jobs));
  const staff = staffNotifications({ staffEmails: config.staffEmails, publicUrl: config.publicUrl });
  lifecycle.onEnter(OrderStatus.Paid, staff.newOrder);
  const auth = new AuthService(dataSource, config.sessionSecret, config.sessionTtlMs, logger);
  // The price may not change while a payment is on its way: asked of the payments, made below.
  const discounts: DiscountCodes = new DiscountCodes(dataSource, lifecycle, logger, (orderId) => payments.paymentState(orderId));
  const orders = new OrderService(dataSource, storage, lifecycle, logger, metrics, discounts, (orderId) =>
    payments.paymentState(orderId),
  );
  const rateLimiter = new RateLimiter(dataSource, { enabled: config.rateLimits });
  const rateLimits = clientRateLimits({ createOrderPerHour: config.rateLimitCreateOrderPerHour });
  // Every e-mail about an order carries its one e-mailed link.
  const links = new OrderLinks(config.publicUrl, config.sessionSecret);
  const changeRequests = new ChangeRequestService(dataSource, lifecycle, outbox, staff.changeRequest, logger, {
    publicUrl: config.publicUrl,
    links,
  });
  const refunds = new RefundService(dataSource, providers.payments, lifecycle, outbox, logger, links);
  const orderNotes = new OrderNotesService(dataSource, lifecycle, logger);
  lifecycle.onEvent(orderNotes.blankOnChildDataDeletion);
  const workItems = new WorkItems(dataSource, logger);
  lifecycle.onEvent(workItems.onOrderEvent);
  const overdue = new OverdueNotifier(dataSource, outbox, staff.overdue, logger);
  jobs.define(overdueJob(overdue));
  jobs.define(workItemsRebuildJob(() => workItems.rebuild()));
  const proofs = new ProofsService(dataSource, storage, lifecycle, outbox, staff.proofAnswer, logger, {
    publicUrl: config.publicUrl,
    links,
    pdfMaxBytes: config.pdfMaxBytes,
    metrics,
  });
  jobs.define(proofRemindersJob(proofs));
  jobs.define(proofFirstPageJob(dataSource, storage, logger));
  lifecycle.onEvent(drawFirstPageOnProofSent(jobs));
  const paymentReminders = new PaymentReminders(dataSource, lifecycle, outbox, logger, links);
  jobs.define(paymentRemindersJob(paymentReminders));
  const payments: PaymentService = new PaymentService(
    dataSource,
    providers.payments,
    orders,
    lifecycle,
    logger,
    links,
    refunds,
    metrics,
    receiptLinks,
    discounts,
  );
  const printing = new PrintingService(dataSource, providers.printer, storage, signer, lifecycle, logger, {
    publicUrl: config.publicUrl,
    links,
    pdfMaxBytes: config.pdfMaxBytes,
    contactEmail: config.staffEmails[0] ?? config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1'),
  });
  if (providers.printer) {
    jobs.define(printJobsSyncJob(printing));
    jobs.define(printCancelJob(printing));
    lifecycle.onEvent(cancelPrintingOnRefund(printing, jobs));
  }
  return {
    settings: {
      paymentProvider: providers.payments.checkout.name,
      paymentProviders: providers.payments.all().map((provider) => provider.name),
      paypal: config.paypal ? { clientId: config.paypal.clientId, sdkUrl: paypalSdkUrl(config.paypal.apiUrl) } : null,
      pixelId: config.pixelId ?? null,
      videoMaxBytes: config.videoMaxBytes,
      pdfMaxBytes: config.pdfMaxBytes,
      videoUploadsDirect: storage.directUploads !== undefined,
      emailSending: mailer !== null,
    },
    storage,
    signer,
    cookie: new SessionCookie(config.isProduction),
    auth,
    orders,
    discounts,
    paymentReminders,
    adminOrders: new AdminOrdersService(dataSource),
    lifecycle,
    outbox,
    outboxWorker: mailer
      ? new OutboxWorker(dataSource, mailer, logger, { metrics, onGaveUp: (orderId) => workItems.emailGaveUp(orderId) })
      : null,
    payments,
    delivery: new DeliveryService(
      dataSource,
      storage,
      orders,
      lifecycle,
      outbox,
      signer,
      logger,
      {
        publicUrl: config.publicUrl,
        links,
        videoMaxBytes: config.videoMaxBytes,
        pdfMaxBytes: config.pdfMaxBytes,
        mediaTtlSeconds: DELIVERY_MEDIA_TTL_SECONDS,
        metrics,
      },
      directVideoUploads,
    ),
    changeRequests,
    orderPages: new OrderPageService(dataSource, storage, lifecycle, outbox, signer, changeRequests, proofs, logger, {
      publicUrl: config.publicUrl,
      links,
      shop: config.shop,
      receiptLinks,
      mediaTtlSeconds: DELIVERY_MEDIA_TTL_SECONDS,
    }),
    paidOrderChanges: new PaidOrderChangesService(dataSource, lifecycle, refunds, logger),
    giftDates: new GiftDateService(dataSource, lifecycle, logger),
    orderLookup: new OrderLookupService(dataSource, outbox, rateLimiter, logger, {
      publicUrl: config.publicUrl,
      links,
      limits: rateLimits,
    }),
    photoRetention,
    orphanedFiles,
    videoUploads: directVideoUploads,
    videoUploadAccess,
    jobs,
    newsletter: new NewsletterService(dataSource),
    contact: new ContactService(dataSource, outbox, logger, { staffEmails: config.staffEmails, publicUrl: config.publicUrl }),
    // A book at the print partner is shipped by it, not by hand.
    shipping: new ShippingService(dataSource, lifecycle, outbox, logger, links, partnerShipsRefusal),
    refunds,
    cancellation: new CancellationService(dataSource, lifecycle, logger),
    staffChangeRequestEmails: staff.changeRequest,
    admins: new AdminAccountsService(dataSource, auth, outbox, logger, { publicUrl: config.publicUrl }),
    assignments: new AssignmentService(dataSource, lifecycle, logger),
    changeAnswers: new ChangeAnswersService(dataSource, lifecycle, outbox, logger, { publicUrl: config.publicUrl, links }),
    orderNotes,
    workItems,
    workQueue: new WorkQueueService(dataSource),
    overdue,
    proofs,
    printing,
    orderExport: new OrderExport(dataSource),
    metrics,
    rateLimiter,
    rateLimits,
  };
}

/**
 * One line for the start-up log: which provider each concern uses. Named `mailer`, not `email`:
 * production's log masks every field called email.
 */
export function describeProviders(services: Services): Record<string, string> {
  return {
    paymentProvider: services.payments.providers
      .all()
      .map((provider) => provider.name)
      .join(', '),
    files: services.storage.describe(),
    mailer: services.outboxWorker ? 'mailgun' : 'outbox only (no MAILGUN_API_KEY)',
    printer: services.printing.providerName,
  };
}
