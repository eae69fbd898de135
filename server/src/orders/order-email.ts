/**
 * What the order kernel needs of e-mail: a queue that keeps an e-mail in the caller's
 * transaction (the mail outbox is one), and the addresses every e-mail about an order links to.
 * The kernel makes no e-mail itself; the features above it do, with mail's templates.
 */
import type { EntityManager } from 'typeorm';

export interface QueuedEmail {
  /** Names the e-mail, not the attempt: e.g. `order-confirmation:{orderId}`. At most 200 characters. */
  idempotencyKey: string;
  orderId: string | null;
  /** e.g. `order-confirmation`. At most 64 characters. */
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Not sent before this (a digital gift's day); absent or null: as soon as it can be. */
  notBefore?: Date | null;
}

export interface EmailQueue {
  /** Queues `email` inside `manager`'s transaction: it is sent only if that transaction commits. */
  enqueue(manager: EntityManager, email: QueuedEmail): Promise<void>;
}

/** What every e-mail about an order needs: the shop's address and the order page's, with a token of its own. */
export interface OrderEmailOptions {
  publicUrl: string;
  /** {PUBLIC_URL}/order/{token}: the parent's private order page. */
  orderUrl: string;
  /** {PUBLIC_URL}/receipt/{orderId}/{signature}, for the e-mails that link the receipt. */
  receiptUrl?: string;
}
