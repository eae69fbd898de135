/**
 * Sends e-mail through Mailgun's HTTP API (mailgun.js). `url` is the API base without `/v3`:
 * https://api.mailgun.net (default), https://api.eu.mailgun.net, or a local stand-in in tests.
 *
 * Each outbox row goes out with a stable Message-Id (`<outbox-{rowId}@{domain}>`) and the user
 * variable `outbox-id`: when a send times out after the request was written, Mailgun may still
 * have accepted it, and findAccepted asks its Events API so the retry does not send it twice
 * (the recipient's mail system also drops a second copy with the same Message-Id).
 */
import type Mailgun from 'mailgun.js' with { 'resolution-mode': 'import' };
import { loadOnFirstUse } from '../common/load-on-first-use';
import { type EmailMessage, type Mailer, OutcomeUnknownError } from './mailer';

export interface MailgunMailerOptions {
  apiKey: string;
  /** The sending domain, e.g. mg.example.com. */
  domain: string;
  /** The From header, e.g. `Storybook Shop <orders@mg.example.com>`. */
  from: string;
  url?: string;
  /** Per request; well under the outbox's claim lease so a hung request cannot outlive it. Default 10 s. */
  timeoutMs?: number;
}

/** Failures before the request reached Mailgun: it cannot have been accepted. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

type MailgunClient = ReturnType<Mailgun['client']>;

/** mailgun.js (a third of a megabyte of JavaScript) is loaded with the first e-mail, not by a shop that keeps its mail in the outbox. */
const mailgunSdk = loadOnFirstUse(() => import('mailgun.js').then((module) => module.default));

export class MailgunMailer implements Mailer {
  readonly name = 'mailgun';
  private client: Promise<MailgunClient> | undefined;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: MailgunMailerOptions) {
    if (!options.apiKey || !options.domain || !options.from) {
      throw new Error('MailgunMailer needs an API key, a sending domain and a From address');
    }
    this.baseUrl = options.url?.replace(/\/+$/, '') || 'https://api.mailgun.net';
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** mailgun.js's client, made on first use. */
  private mailgun(): Promise<MailgunClient> {
    this.client ??= mailgunSdk.load().then((MailgunSdk) =>
      new MailgunSdk(FormData).client({
        username: 'api',
        key: this.options.apiKey,
        url: this.options.url?.replace(/\/+$/, '') || undefined,
        timeout: this.timeoutMs,
      }),
    );
    return this.client;
  }

  /** The Message-Id header a row is sent with, without its angle brackets (as the Events API has it). */
  messageIdFor(outboxId: string): string {
    return `outbox-${outboxId}@${this.options.domain}`;
  }

  async send(message: EmailMessage, outboxId?: string): Promise<{ messageId: string }> {
    let result: Awaited<ReturnType<MailgunClient['messages']['create']>>;
    try {
      result = await (
        await this.mailgun()
      ).messages.create(this.options.domain, {
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(outboxId ? { 'h:Message-Id': `<${this.messageIdFor(outboxId)}>`, 'v:outbox-id': outboxId } : {}),
      });
    } catch (error) {
      const description = describeMailgunError(error);
      if (isOutcomeUnknown(error)) {
        throw new OutcomeUnknownError(`outcome unknown: ${description}`, { cause: error });
      }
      throw new Error(`Mailgun did not accept the e-mail: ${description}`, { cause: error });
    }
    if (result.status < 200 || result.status >= 300 || !result.id) {
      throw new Error(`Mailgun did not accept the e-mail: ${result.status} ${result.message ?? result.details ?? ''}`.trim());
    }
    return { messageId: result.id };
  }

  /**
   * Looks the row's message up among Mailgun's `accepted` events (kept for days, and visible
   * seconds after the send). Rejects when Mailgun does not answer clearly: the caller must not
   * send again blind.
   */
  async findAccepted(outboxId: string): Promise<{ messageId: string } | null> {
    const messageId = this.messageIdFor(outboxId);
    const query = new URLSearchParams({ event: 'accepted', 'message-id': messageId, limit: '10' });
    const url = `${this.baseUrl}/v3/${encodeURIComponent(this.options.domain)}/events?${query}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Basic ${Buffer.from(`api:${this.options.apiKey}`).toString('base64')}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(`Mailgun's events could not be read: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new Error(`Mailgun's events could not be read: ${response.status}`);
    const body = (await response.json().catch(() => null)) as { items?: unknown } | null;
    if (!body || !Array.isArray(body.items)) throw new Error("Mailgun's events could not be read: no list of events");
    const found = (body.items as MailgunEvent[]).find(
      (item) =>
        item?.event === 'accepted' &&
        (item['user-variables']?.['outbox-id'] === outboxId ||
          stripBrackets(item.message?.headers?.['message-id']) === messageId),
    );
    if (!found) return null;
    return { messageId: `<${stripBrackets(found.message?.headers?.['message-id']) ?? messageId}>` };
  }
}

interface MailgunEvent {
  event?: string;
  'user-variables'?: Record<string, unknown>;
  message?: { headers?: { 'message-id'?: string } };
}

function stripBrackets(id: string | undefined): string | undefined {
  return id?.replace(/^<|>$/g, '');
}

/** A request that got no answer, unless it never left: Mailgun may have accepted it. */
function isOutcomeUnknown(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && /^(E[A-Z]+|ERR_[A-Z_]+)$/.test(message) && !NOT_SENT_CODES.has(message);
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
