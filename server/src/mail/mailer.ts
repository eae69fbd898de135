/** Sends one e-mail. Implementations: Mailgun; none at all (then e-mails stay in the outbox). */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly name: string;
  /** Resolves with the provider's message id; rejects when the provider did not take it. */
  send(message: EmailMessage): Promise<{ messageId: string }>;
}
