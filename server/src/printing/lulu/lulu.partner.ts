/**
 * Lulu's Print API (https://api.lulu.com/docs/, the sandbox at https://api.sandbox.lulu.com):
 * - Authorization: an OAuth token from the client-credentials grant at
 *   /auth/realms/glasstree/protocol/openid-connect/token (Basic client_key:client_secret), kept
 *   until shortly before `expires_in` and then asked for again; sent as `Bearer`.
 * - POST /cover-dimensions/ (pod_package_id, interior_page_count, unit pt): the cover's size.
 * - POST /print-job-cost-calculations/: the cost of one copy shipped to an address, with tax.
 * - GET /print-jobs/?search= finds a job by its external_id; POST /print-jobs/ creates one
 *   (line item with the interior and cover as URLs Lulu fetches, the shipping address and level);
 *   GET /print-jobs/{id}/ is the job now; PUT /print-jobs/{id}/status/ with name CANCELED cancels
 *   it while Lulu still allows (CREATED, UNPAID, PRODUCTION_DELAYED).
 * - Webhooks (topic PRINT_JOB_STATUS_CHANGED): the raw body's HMAC-SHA256 keyed with the API
 *   secret, in the `Lulu-HMAC-SHA256` header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LuluConfig } from '../../config';
import type { IncomingHttpHeaders } from 'node:http';
import {
  FAILED_JOB_STATUSES,
  type PartnerJob,
  type PrintAddress,
  type PrintJobRequest,
  type PrintPartner,
  PrintPartnerRefusal,
  PrintPartnerUnavailable,
  type PrintQuote,
  PrintWebhookRefused,
} from '../print-partner';

export const LULU_SIGNATURE_HEADER = 'lulu-hmac-sha256';
export const LULU_TOPIC = 'PRINT_JOB_STATUS_CHANGED';
const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
/** A token is asked for again this long before Lulu says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** Lulu holds a new job this long before production, so a mistake can still be cancelled. */
const PRODUCTION_DELAY_MINUTES = 120;

export interface LuluOptions extends LuluConfig {
  timeoutMs?: number;
}

interface LuluJobJson {
  id: number | string;
  external_id?: string | null;
  status?: { name?: string; message?: string | null } | null;
  costs?: { total_cost_incl_tax?: string | null; currency?: string | null } | null;
  line_items?: Array<{
    tracking_id?: string | null;
    tracking_urls?: string[] | string | null;
    carrier_name?: string | null;
    status?: {
      name?: string;
      messages?: { tracking_id?: string; tracking_urls?: string[] | string; carrier_name?: string } | null;
    };
  }>;
}

/** "12.34" (Lulu's decimal strings) as 1234 cents, half a cent rounded up, in integers; null when it is not one. */
export function decimalToCents(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const digits = fraction.padEnd(3, '0');
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  return Number(digits[2]) >= 5 ? cents + 1 : cents;
}

/** Lulu documents `tracking_urls` as a list, and sends a single string too. */
const firstUrl = (urls: string[] | string | null | undefined): string | null => (Array.isArray(urls) ? urls[0] : urls) || null;

/** Lulu's print job as the shop reads it. */
export function luluJob(json: LuluJobJson): PartnerJob {
  const line = json.line_items?.[0];
  const messages = line?.status?.messages ?? undefined;
  return {
    id: String(json.id),
    externalId: json.external_id ?? null,
    status: json.status?.name ?? 'CREATED',
    message: json.status?.message ?? null,
    costCents: decimalToCents(json.costs?.total_cost_incl_tax),
    currency: json.costs?.currency ?? null,
    carrier: messages?.carrier_name ?? line?.carrier_name ?? null,
    trackingNumber: messages?.tracking_id ?? line?.tracking_id ?? null,
    trackingUrl: firstUrl(messages?.tracking_urls) ?? firstUrl(line?.tracking_urls),
  };
}

/** Every string in Lulu's error body, for a message staff can read (Lulu nests them by field). */
function errorText(body: unknown, path = ''): string[] {
  if (typeof body === 'string') return [path ? `${path}: ${body}` : body];
  if (Array.isArray(body)) return body.flatMap((item) => errorText(item, path));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) =>
      errorText(value, ['detail', 'errors', 'message', 'non_field_errors'].includes(key) ? path : path ? `${path}.${key}` : key),
    );
  }
  return [];
}

export class LuluPartner implements PrintPartner {
  readonly name = 'lulu';
  private token: { value: string; expiresAt: number } | null = null;
  private readonly apiUrl: string;

  constructor(private readonly options: LuluOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  get productId(): string {
    return this.options.podPackageId;
  }

  get shippingLevel(): string {
    return this.options.shippingLevel;
  }

  async coverDimensions(pageCount: number): Promise<{ widthPt: number; heightPt: number }> {
    const body = await this.request<{ width: string; height: string; unit: string }>('POST', '/cover-dimensions/', {
      pod_package_id: this.options.podPackageId,
      interior_page_count: pageCount,
      unit: 'pt',
    });
    const widthPt = Number(body.width);
    const heightPt = Number(body.height);
    if (body.unit !== 'pt' || !(widthPt > 0) || !(heightPt > 0)) {
      throw new PrintPartnerUnavailable(`Lulu answered the cover dimensions with ${JSON.stringify(body)}`);
    }
    return { widthPt, heightPt };
  }

  async quote(pageCount: number, address: PrintAddress): Promise<PrintQuote> {
    const body = await this.request<{ total_cost_incl_tax?: string; currency?: string }>(
      'POST',
      '/print-job-cost-calculations/',
      {
        line_items: [{ pod_package_id: this.options.podPackageId, page_count: pageCount, quantity: 1 }],
        shipping_address: this.address(address),
        shipping_option: this.options.shippingLevel,
      },
    );
    const costCents = decimalToCents(body.total_cost_incl_tax);
    if (costCents === null || !body.currency) {
      throw new PrintPartnerUnavailable(`Lulu answered the cost calculation with ${JSON.stringify(body)}`);
    }
    return { costCents, currency: body.currency };
  }

  async findJob(externalId: string): Promise<PartnerJob | null> {
    const query = new URLSearchParams({ search: externalId, page_size: '100' });
    const body = await this.request<{ results?: LuluJobJson[] }>('GET', `/print-jobs/?${query}`);
    const jobs = (body.results ?? [])
      .map(luluJob)
      .filter((job) => job.externalId === externalId && !FAILED_JOB_STATUSES.has(job.status));
    return jobs.sort((a, b) => Number(b.id) - Number(a.id))[0] ?? null;
  }

  async createJob(request: PrintJobRequest): Promise<PartnerJob> {
    const body = await this.request<LuluJobJson>('POST', '/print-jobs/', {
      external_id: request.externalId,
      contact_email: request.contactEmail,
      production_delay: PRODUCTION_DELAY_MINUTES,
      shipping_level: this.options.shippingLevel,
      shipping_address: this.address(request.address),
      line_items: [
        {
          external_id: request.externalId,
          title: request.title,
          quantity: 1,
          printable_normalization: {
            pod_package_id: this.options.podPackageId,
            interior: { source_url: request.interiorUrl },
            cover: { source_url: request.coverUrl },
          },
        },
      ],
    });
    return luluJob(body);
  }

  async cancelJob(id: string): Promise<void> {
    await this.request('PUT', `/print-jobs/${encodeURIComponent(id)}/status/`, { name: 'CANCELED' });
  }

  async getJob(id: string): Promise<PartnerJob> {
    return luluJob(await this.request<LuluJobJson>('GET', `/print-jobs/${encodeURIComponent(id)}/`));
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): { jobId: string } | { ignore: string } {
    const given = headers[LULU_SIGNATURE_HEADER];
    const signature = (Array.isArray(given) ? given[0] : given)?.trim();
    if (!signature) throw new PrintWebhookRefused('no Lulu-HMAC-SHA256 header');
    const digest = createHmac('sha256', Buffer.from(this.options.clientSecret, 'utf8')).update(rawBody).digest();
    // Lulu's documentation does not name the digest's encoding: hex and base64 of the same HMAC are both taken.
    const matches = [Buffer.from(signature, 'hex'), Buffer.from(signature, 'base64')].some(
      (candidate) => candidate.length === digest.length && timingSafeEqual(candidate, digest),
    );
    if (!matches) throw new PrintWebhookRefused('the Lulu-HMAC-SHA256 signature does not match');
    // Signed by Lulu but unusable: answered as received, since Lulu turns a webhook off after five failures in a row.
    let payload: { topic?: unknown; data?: { id?: unknown } };
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { ignore: 'a body that is not JSON' };
    }
    if (payload.topic !== LULU_TOPIC) return { ignore: `topic ${String(payload.topic)}` };
    const id = payload.data?.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d+$/.test(String(id))) {
      return { ignore: 'a body that names no print job' };
    }
    return { jobId: String(id) };
  }

  private address(address: PrintAddress): Record<string, string> {
    return {
      name: address.name,
      street1: address.street1,
      ...(address.street2 ? { street2: address.street2 } : {}),
      city: address.city,
      ...(address.stateCode ? { state_code: address.stateCode } : {}),
      postcode: address.postcode,
      country_code: address.countryCode,
      phone_number: address.phone ?? this.options.phoneNumber,
      email: address.email,
    };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientKey}:${this.options.clientSecret}`).toString('base64');
    const response = await this.send(`${this.apiUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || !body?.access_token) {
      // A wrong key or secret is the operator's to fix, not a passing failure.
      throw new PrintPartnerUnavailable(`Lulu refused the client key and secret (HTTP ${response.status})`);
    }
    const lifetimeMs = (body.expires_in ?? 300) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  private async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown, retried = false): Promise<T> {
    const response = await this.send(`${this.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (response.status === 401 && !retried) {
      // The token expired early (or was revoked): one more try with a fresh one.
      this.token = null;
      return this.request<T>(method, path, json, true);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body as T;
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      const text = errorText(body).join('; ').slice(0, 500) || `HTTP ${response.status}`;
      throw new PrintPartnerRefusal(text);
    }
    throw new PrintPartnerUnavailable(`Lulu answered ${method} ${path.split('?')[0]} with HTTP ${response.status}`);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PrintPartnerUnavailable(`Lulu could not be reached (${(error as Error).message})`, { cause: error });
    }
  }
}
