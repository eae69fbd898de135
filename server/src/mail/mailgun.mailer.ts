/**
 * Sends e-mail through Mailgun's HTTP API (mailgun.js). `url` is the API base without `/v3`:
 * https://api.mailgun.net (default), https://api.eu.mailgun.net, or a local stand-in in tests.
 */
import Mailgun from 'mailgun.js';
import type { EmailMessage, Mailer } from './mailer';

export interface MailgunMailerOptions {
  apiKey: string;
  /** The sending domain, e.g. mg.example.com. */
  domain: string;
  /** The From header, e.g. `Storybook Shop <orders@mg.example.com>`. */
  from: string;
  url?: string;
  /** Per request; well under the outbox's claim lease so a hung request cannot outlive it. Default 30 s. */
  timeoutMs?: number;
}

type MailgunClient = ReturnType<Mailgun['client']>;

export class MailgunMailer implements Mailer {
  readonly name = 'mailgun';
  private readonly client: MailgunClient;

  constructor(private readonly options: MailgunMailerOptions) {
    if (!options.apiKey || !options.domain || !options.from) {
      throw new Error('MailgunMailer needs an API key, a sending domain and a From address');
    }
    this.client = new Mailgun(FormData).client({
      username: 'api',
      key: options.apiKey,
      url: options.url?.replace(/\/+$/, '') || undefined,
      timeout: options.timeoutMs ?? 30_000,
    });
  }

  async send(message: EmailMessage): Promise<{ messageId: string }> {
    let result: Awaited<ReturnType<MailgunClient['messages']['create']>>;
    try {
      result = await this.client.messages.create(this.options.domain, {
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    } catch (error) {
      throw new Error(`Mailgun did not accept the e-mail: ${describeMailgunError(error)}`, { cause: error });
    }
    if (result.status < 200 || result.status >= 300 || !result.id) {
      throw new Error(`Mailgun did not accept the e-mail: ${result.status} ${result.message ?? result.details ?? ''}`.trim());
    }
    return { messageId: result.id };
  }
}

/** Status and Mailgun's own words; never the request (it carries the API key). */
function describeMailgunError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, details, message } = error as { status?: unknown; details?: unknown; message?: unknown };
    // mailgun.js reports a request that got no answer as status 400 with a Node error code.
    if (typeof message === 'string' && /^(E[A-Z]+|ERR_[A-Z_]+)$/.test(message)) {
      return `no answer (${typeof details === 'string' && details ? details : message})`;
    }
    const text = [details, message].find((part) => typeof part === 'string' && part.trim()) as string | undefined;
    const parts = [typeof status === 'number' ? String(status) : null, text ?? null].filter(Boolean);
    if (parts.length) return parts.join(' ');
  }
  return String(error);
}
