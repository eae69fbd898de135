/** Sends one e-mail. Implementations: Mailgun; none at all (then e-mails stay in the outbox). */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly name: string;
  /**
   * Resolves with the provider's message id; rejects when the provider did not take it, or with
   * an OutcomeUnknownError when the request went out but no answer came back. `outboxId` is the
   * stable id the provider keeps with the message, so a later lookup can find it.
   */
  send(message: EmailMessage, outboxId?: string): Promise<{ messageId: string }>;
  /**
   * Asks the provider whether it accepted the message sent with `outboxId`: its id if so, null
   * if not; rejects when it cannot tell. A mailer without it cannot tell, and sends again.
   */
  findAccepted?(outboxId: string): Promise<{ messageId: string } | null>;
}

/** The request reached the provider (or may have) and no answer came back: it may have been accepted. */
export class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
}
