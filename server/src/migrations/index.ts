import { InitialSchema1763720000000 } from './1763720000000-initial-schema';
import { NewsletterSubscribers1763800000000 } from './1763800000000-newsletter-subscribers';
import { OutboxEmails1763900000000 } from './1763900000000-outbox-emails';
import { Payments1763900001000 } from './1763900001000-payments';
import { OrderProviderPayment1763900002000 } from './1763900002000-order-provider-payment';
import { VideoLinks1764000000000 } from './1764000000000-video-links';
import { OrderLifecycle1764100000000 } from './1764100000000-order-lifecycle';
import { Refunds1764200000000 } from './1764200000000-refunds';
import { OrderDeliveries1764300000000 } from './1764300000000-order-deliveries';
import { AdminAccounts1764400000000 } from './1764400000000-admin-accounts';
import { RateLimitCounters1764500000000 } from './1764500000000-rate-limit-counters';
import { OrderAccess1764600000000 } from './1764600000000-order-access';
import { OrderSearchAndCounts1764700000000 } from './1764700000000-order-search-and-counts';
import { OutboxOutcomeUnknown1764800000000 } from './1764800000000-outbox-outcome-unknown';
import { AdminInvitationRevoked1764900000000 } from './1764900000000-admin-invitation-revoked';
import { RefundStatus1765000000000 } from './1765000000000-refund-status';
import { Jobs1765100000000 } from './1765100000000-jobs';
import { AdminRoles1765200000000 } from './1765200000000-admin-roles';
import { OrderNotesAndAssignments1765300000000 } from './1765300000000-order-notes-and-assignments';
import { WorkItems1765400000000 } from './1765400000000-work-items';
import { OrderProofs1765500000000 } from './1765500000000-order-proofs';
import { PrintJobs1765600000000 } from './1765600000000-print-jobs';
import { PaymentAttempts1765700000000 } from './1765700000000-payment-attempts';
import { DiscountCodes1765800000000 } from './1765800000000-discount-codes';
import { Checkouts1765900000000 } from './1765900000000-checkouts';
import { ContactMessages1766000000000 } from './1766000000000-contact-messages';
import { OrderEmailLinks1766100000000 } from './1766100000000-order-email-links';
import { Gifts1766200000000 } from './1766200000000-gifts';
import { VideoUploads1766300000000 } from './1766300000000-video-uploads';
import { ProofFirstPages1766400000000 } from './1766400000000-proof-first-pages';
import { ProofFirstPagesBackfill1766500000000 } from './1766500000000-proof-first-pages-backfill';
import { ProofPageSizes1766600000000 } from './1766600000000-proof-page-sizes';

/** Listed explicitly so the compiled server, the tests and the CLI all run the same set. */
export const migrations = [
  InitialSchema1763720000000,
  NewsletterSubscribers1763800000000,
  OutboxEmails1763900000000,
  Payments1763900001000,
  OrderProviderPayment1763900002000,
  VideoLinks1764000000000,
  OrderLifecycle1764100000000,
  Refunds1764200000000,
  OrderDeliveries1764300000000,
  AdminAccounts1764400000000,
  RateLimitCounters1764500000000,
  OrderAccess1764600000000,
  OrderSearchAndCounts1764700000000,
  OutboxOutcomeUnknown1764800000000,
  AdminInvitationRevoked1764900000000,
  RefundStatus1765000000000,
  Jobs1765100000000,
  AdminRoles1765200000000,
  OrderNotesAndAssignments1765300000000,
  WorkItems1765400000000,
  OrderProofs1765500000000,
  PrintJobs1765600000000,
  PaymentAttempts1765700000000,
  DiscountCodes1765800000000,
  Checkouts1765900000000,
  ContactMessages1766000000000,
  OrderEmailLinks1766100000000,
  Gifts1766200000000,
  VideoUploads1766300000000,
  ProofFirstPages1766400000000,
  ProofFirstPagesBackfill1766500000000,
  ProofPageSizes1766600000000,
];
