/**
 * A local fake of the part of Lulu's Print API the shop uses, no kinder than Lulu documents
 * itself in its API reference (https://api.lulu.com/docs/, the OpenAPI document it publishes as
 * openapi_public.yml):
 *
 * - Authorization ("Generate a Token"): POST /auth/realms/glasstree/protocol/openid-connect/token
 *   with `grant_type=client_credentials`, form-encoded, and `Authorization: Basic
 *   base64(client_key:client_secret)`; answers `access_token`, `expires_in` (seconds) and
 *   `token_type: bearer`. Every other call needs `Authorization: Bearer {access_token}`, else 401.
 *   Tokens can be expired early (expireTokens) as "the token will expire after a few minutes".
 * - POST /cover-dimensions/ (pod_package_id, interior_page_count, unit): 201 with `width`,
 *   `height` (decimal strings) and `unit`.
 * - POST /print-job-cost-calculations/ (line_items with pod_package_id, page_count, quantity;
 *   shipping_address; shipping_option): 201 with `total_cost_incl_tax` and `currency`.
 * - GET /print-jobs/?search= (searches id and external_id among others) answers `count` and
 *   `results`; POST /print-jobs/ needs contact_email, line_items (printable_normalization with
 *   pod_package_id and interior/cover source_url), shipping_address (name, street1, city,
 *   country_code, postcode, email) and shipping_level (MAIL ... EXPRESS), else 400 with errors by
 *   field; it downloads both files from their URLs as Lulu does ("requires publicly exposed URL")
 *   and a file that cannot be fetched or is no PDF rejects the job. 201 with the job: `id`,
 *   `external_id`, `status { name, message }`, `costs`, `line_items`.
 * - GET /print-jobs/{id}/: the job, with a shipped line item's `status.messages` `tracking_id`,
 *   `tracking_urls` and `carrier_name` ("Shipping Notification"). PUT /print-jobs/{id}/status/
 *   with name CANCELED cancels it from CREATED, UNPAID or PRODUCTION_DELAYED only ("Valid status
 *   transitions"), else 400.
 * - Webhooks (topic PRINT_JOB_STATUS_CHANGED): `{ topic, data }` with the job as GET returns it,
 *   signed with HMAC-SHA256 of the raw body keyed with the API secret, hex, in `Lulu-HMAC-SHA256`.
 *
 * Test controls: move a job along (setStatus) and send its webhook, fail the next call to a path
 * (failNext, optionally after doing the work: a lost answer), and the requests received.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';

export interface FakeLuluJob {
  id: number;
  external_id: string | null;
  contact_email: string;
  shipping_level: string;
  shipping_address: Record<string, string>;
  production_delay: number;
  status: { name: string; message: string; changed: string };
  costs: { total_cost_incl_tax: string; total_cost_excl_tax: string; total_tax: string; currency: string };
  line_items: Array<{
    id: number;
    external_id: string | null;
    title: string;
    quantity: number;
    pod_package_id: string;
    page_count: number;
    printable_normalization: { pod_package_id: string; interior: { source_url: string }; cover: { source_url: string } };
    status: { name: string; messages: Record<string, unknown> };
  }>;
  /** What the fake downloaded from the job's file URLs (bytes), as Lulu's normalization does. */
  fetched: { interior: number; cover: number };
}

export interface FakeLuluRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeLulu {
  url: string;
  clientKey: string;
  clientSecret: string;
  jobs: FakeLuluJob[];
  requests: FakeLuluRequest[];
  /** Where the file URLs' paths are fetched from (the shop under test), in place of their own origin. */
  fileOrigin: string | null;
  /** The next request to `path` (no query) answers `status`; `afterWork` does the work first, so only the answer is lost. */
  failNext(method: string, path: string, status: number, afterWork?: boolean): void;
  /** Sets a job's status as Lulu would; SHIPPED gives its line item a carrier and tracking number. */
  setStatus(id: number, name: string, message?: string): FakeLuluJob;
  /** The webhook Lulu sends for the job now: its raw body and headers, signed with `secret` (the API secret unless given). */
  webhookFor(id: number, secret?: string): { body: string; headers: Record<string, string> };
  expireTokens(): void;
  close(): Promise<void>;
}

const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
const SHIPPING_LEVELS = ['MAIL', 'PRIORITY_MAIL', 'GROUND_HD', 'GROUND_BUS', 'GROUND', 'EXPEDITED', 'EXPRESS'];
const LEVEL_CENTS: Record<string, number> = {
  MAIL: 499,
  PRIORITY_MAIL: 899,
  GROUND: 799,
  GROUND_HD: 799,
  GROUND_BUS: 799,
  EXPEDITED: 1599,
  EXPRESS: 2999,
};
const POD_PACKAGE = /^(\d{4})X(\d{4})\.?[A-Z]{2}\.?[A-Z]{3}\.?([A-Z]{2})\.?(\d{3})[A-Z]{2}(\d{3})\.?[A-Z]{3}$/;

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * What Lulu refuses in a shipping address, by field: the required ones missing, a country that is
 * not ISO 3166-1 alpha-2, a phone number outside its pattern, and no state code in the US or Canada.
 */
function addressProblems(address: Record<string, string>, required: string[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const field of required) if (!address[field]) problems[field] = ['This field is required.'];
  if (address.country_code && !/^[A-Z]{2}$/.test(address.country_code)) problems.country_code = ['Invalid country code.'];
  if (address.phone_number && !/^\+?[\d\s\-./()]{8,20}$/.test(address.phone_number))
    problems.phone_number = ['Invalid phone number.'];
  if ((address.country_code === 'US' || address.country_code === 'CA') && !address.state_code) {
    problems.state_code = ['A state code is required for this country.'];
  }
  return problems;
}

/** Cover size in points for a case-wrap or paperback: back + spine + front, with wrap or bleed. */
function coverSize(podPackageId: string, pages: number): { width: number; height: number } | null {
  const match = POD_PACKAGE.exec(podPackageId);
  if (!match) return null;
  const [, w, h, binding, , ppi] = match;
  const trimW = Number(w) / 100;
  const trimH = Number(h) / 100;
  const spine = pages / Number(ppi) + 0.06;
  const wrap = binding === 'CW' || binding === 'LW' ? 0.75 : 0.125;
  return { width: (2 * trimW + spine + 2 * wrap) * 72, height: (trimH + 2 * wrap) * 72 };
}

/** The shop's settings for printing at `lulu`, the product the tests print (print-files.ts) and a phone number. */
export function luluEnv(
  lulu: Pick<FakeLulu, 'clientKey' | 'clientSecret' | 'url'>,
  podPackageId: string,
): Record<string, string> {
  return {
    PRINT_PROVIDER: 'lulu',
    LULU_PHONE_NUMBER: '+1 503 555 0100',
    LULU_CLIENT_KEY: lulu.clientKey,
    LULU_CLIENT_SECRET: lulu.clientSecret,
    LULU_API_URL: lulu.url,
    LULU_POD_PACKAGE_ID: podPackageId,
  };
}

export async function startFakeLulu(options: { clientKey?: string; clientSecret?: string } = {}): Promise<FakeLulu> {
  const clientKey = options.clientKey ?? 'fake-client-key';
  const clientSecret = options.clientSecret ?? `fake-secret-${randomUUID()}`;
  let tokens = new Set<string>();
  const jobs: FakeLuluJob[] = [];
  const requests: FakeLuluRequest[] = [];
  const failures: Array<{ method: string; path: string; status: number; afterWork: boolean }> = [];
  let nextId = 42000;

  const fake: FakeLulu = {
    url: '',
    clientKey,
    clientSecret,
    jobs,
    requests,
    fileOrigin: null,
    failNext(method, path, status, afterWork = false) {
      failures.push({ method, path, status, afterWork });
    },
    setStatus(id, name, message = '') {
      const job = jobs.find((candidate) => candidate.id === id);
      if (!job) throw new Error(`no job ${id}`);
      job.status = { name, message, changed: new Date().toISOString() };
      for (const line of job.line_items) {
        line.status =
          name === 'SHIPPED'
            ? {
                name: 'SHIPPED',
                messages: {
                  tracking_id: `1Z999AA1${String(id).padStart(10, '0')}`,
                  tracking_urls: [`https://www.ups.com/track?tracknum=1Z999AA1${String(id).padStart(10, '0')}`],
                  carrier_name: 'UPS',
                },
              }
            : { name, messages: message ? { info: message } : {} };
      }
      return job;
    },
    webhookFor(id, secret = clientSecret) {
      const job = jobs.find((candidate) => candidate.id === id);
      const body = JSON.stringify({ topic: 'PRINT_JOB_STATUS_CHANGED', data: job ? publicJob(job) : { id } });
      const signature = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'Lulu-HMAC-SHA256': signature } };
    },
    expireTokens() {
      tokens = new Set();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The shop's keep-alive connections would hold the close until they time out.
        server.closeAllConnections();
      }),
  };

  const publicJob = (job: FakeLuluJob) => {
    const { fetched: _fetched, ...rest } = job;
    return rest;
  };

  async function fetchFile(url: string): Promise<Buffer | null> {
    try {
      const target = new URL(url);
      const from = fake.fileOrigin ? new URL(`${target.pathname}${target.search}`, fake.fileOrigin) : target;
      const response = await fetch(from);
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? bytes : null;
    } catch {
      return null;
    }
  }

  async function createJob(body: Record<string, any>): Promise<{ status: number; json: unknown }> {
    const errors: Record<string, unknown> = {};
    if (typeof body.contact_email !== 'string' || !body.contact_email.includes('@'))
      errors.contact_email = ['Enter a valid email address.'];
    if (!SHIPPING_LEVELS.includes(body.shipping_level))
      errors.shipping_level = [`"${body.shipping_level}" is not a valid choice.`];
    const address = body.shipping_address ?? {};
    const missing = addressProblems(address, ['name', 'street1', 'city', 'country_code', 'postcode', 'phone_number', 'email']);
    if (Object.keys(missing).length) errors.shipping_address = missing;
    const lines = Array.isArray(body.line_items) ? body.line_items : [];
    if (lines.length === 0) errors.line_items = ['This list may not be empty.'];
    const line = lines[0] ?? {};
    const normalization = line.printable_normalization ?? {};
    if (
      !normalization.interior?.source_url ||
      !normalization.cover?.source_url ||
      !POD_PACKAGE.test(normalization.pod_package_id ?? '')
    ) {
      errors.line_items = [{ printable_normalization: ['interior, cover and a valid pod_package_id are required.'] }];
    }
    if (Object.keys(errors).length > 0) return { status: 400, json: errors };

    const interior = await fetchFile(normalization.interior.source_url);
    const cover = await fetchFile(normalization.cover.source_url);
    const pages = interior ? ((await PDFDocument.load(interior).catch(() => null))?.getPageCount() ?? 0) : 0;
    const cents = 1000 + pages * 15 + (LEVEL_CENTS[body.shipping_level] ?? 0);
    const now = new Date().toISOString();
    const id = nextId++;
    const rejected = !interior || !cover;
    const job: FakeLuluJob = {
      id,
      external_id: body.external_id ?? null,
      contact_email: body.contact_email,
      shipping_level: body.shipping_level,
      shipping_address: address,
      production_delay: body.production_delay ?? 60,
      status: rejected
        ? {
            name: 'REJECTED',
            message: `Could not download the ${interior ? 'cover' : 'interior'} file from its source_url.`,
            changed: now,
          }
        : { name: 'CREATED', message: '', changed: now },
      costs: { total_cost_incl_tax: money(cents), total_cost_excl_tax: money(cents), total_tax: '0.00', currency: 'USD' },
      line_items: [
        {
          id: id * 10,
          external_id: line.external_id ?? null,
          title: line.title ?? '',
          quantity: line.quantity ?? 1,
          pod_package_id: normalization.pod_package_id,
          page_count: pages,
          printable_normalization: normalization,
          status: { name: rejected ? 'REJECTED' : 'CREATED', messages: {} },
        },
      ],
      fetched: { interior: interior?.length ?? 0, cover: cover?.length ?? 0 },
    };
    jobs.push(job);
    return { status: 201, json: publicJob(job) };
  }

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: any,
  ): Promise<{ status: number; json: unknown }> {
    if (method === 'POST' && path === '/cover-dimensions/') {
      const size = coverSize(String(body?.pod_package_id ?? ''), Number(body?.interior_page_count));
      if (!size || !(Number(body.interior_page_count) > 0))
        return { status: 400, json: { pod_package_id: ['Invalid pod_package_id or page count.'] } };
      return { status: 201, json: { width: size.width.toFixed(3), height: size.height.toFixed(3), unit: 'pt' } };
    }
    if (method === 'POST' && path === '/print-job-cost-calculations/') {
      const line = body?.line_items?.[0];
      if (!line || !POD_PACKAGE.test(line.pod_package_id ?? '') || !SHIPPING_LEVELS.includes(body.shipping_option)) {
        return { status: 400, json: { line_items: ['Invalid line items or shipping option.'] } };
      }
      const problems = addressProblems(body.shipping_address ?? {}, [
        'street1',
        'city',
        'country_code',
        'postcode',
        'phone_number',
      ]);
      if (Object.keys(problems).length) return { status: 400, json: { shipping_address: problems } };
      const cents = 1000 + Number(line.page_count) * 15 + LEVEL_CENTS[body.shipping_option];
      return {
        status: 201,
        json: { total_cost_incl_tax: money(cents), total_cost_excl_tax: money(cents), total_tax: '0.00', currency: 'USD' },
      };
    }
    if (method === 'GET' && path === '/print-jobs/') {
      const search = query.get('search') ?? '';
      const results = jobs.filter(
        (job) => !search || String(job.id).includes(search) || (job.external_id ?? '').includes(search),
      );
      return { status: 200, json: { count: results.length, next: null, previous: null, results: results.map(publicJob) } };
    }
    if (method === 'POST' && path === '/print-jobs/') return createJob(body ?? {});
    const status = /^\/print-jobs\/(\d+)\/status\/$/.exec(path);
    if (method === 'PUT' && status) {
      const job = jobs.find((candidate) => candidate.id === Number(status[1]));
      if (!job) return { status: 404, json: { detail: 'Not found.' } };
      if (body?.name !== 'CANCELED' || !['CREATED', 'UNPAID', 'PRODUCTION_DELAYED'].includes(job.status.name)) {
        return { status: 400, json: { name: [`Invalid status transition from ${job.status.name} to ${String(body?.name)}.`] } };
      }
      fake.setStatus(job.id, 'CANCELED');
      return { status: 200, json: job.status };
    }
    const one = /^\/print-jobs\/(\d+)\/$/.exec(path);
    if (method === 'GET' && one) {
      const job = jobs.find((candidate) => candidate.id === Number(one[1]));
      return job ? { status: 200, json: publicJob(job) } : { status: 404, json: { detail: 'Not found.' } };
    }
    return { status: 404, json: { detail: 'Not found.' } };
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const target = new URL(req.url ?? '/', 'http://fake-lulu');
    const method = req.method ?? 'GET';
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };

    if (method === 'POST' && target.pathname === TOKEN_PATH) {
      requests.push({ method, path: target.pathname, body: raw });
      const expected = `Basic ${Buffer.from(`${clientKey}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return send(401, { error: 'unauthorized_client', error_description: 'Invalid client secret' });
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
        return send(400, { error: 'unsupported_grant_type' });
      const token = randomUUID();
      tokens.add(token);
      return send(200, {
        access_token: token,
        expires_in: 3600,
        refresh_expires_in: 0,
        token_type: 'bearer',
        'not-before-policy': 0,
      });
    }

    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, { detail: 'JSON parse error' });
      }
    }
    requests.push({ method, path: `${target.pathname}${target.search}`, body });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!bearer || !tokens.has(bearer[1])) return send(401, { detail: 'Authentication credentials were not provided.' });
    const failure = failures.findIndex((candidate) => candidate.method === method && candidate.path === target.pathname);
    if (failure >= 0) {
      const [planned] = failures.splice(failure, 1);
      if (planned.afterWork) await route(method, target.pathname, target.searchParams, body);
      return send(
        planned.status,
        planned.status >= 500 ? { detail: 'Service unavailable' } : { detail: 'Bad request', errors: ['Refused by the fake'] },
      );
    }
    const answer = await route(method, target.pathname, target.searchParams, body);
    send(answer.status, answer.json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
