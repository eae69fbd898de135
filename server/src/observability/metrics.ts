/**
 * The shop's Prometheus metrics: one registry per app (tests start several apps in one
 * process), the storybook_* series the services record into, and prom-client's default
 * process metrics when they are served. Every label takes a bounded set of values: a raw path,
 * a client-chosen operation name or an e-mail address must never become a label.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type UploadKind = 'photo' | 'video' | 'pdf';

/** What became of a payment, as the shop saw it. */
export type PaymentOutcome =
  /** The provider took the money and the order is Paid. */
  | 'succeeded'
  /** The card was declined. */
  | 'declined'
  /** The browser said it paid; the provider says the payment did not go through. */
  | 'failed'
  /** A payment that does not match its order (amount, currency, order) or was used for another one. */
  | 'mismatch'
  /** Money taken that cannot pay its order (a second payment, a mismatch seen in a webhook): to refund by hand. */
  | 'needs_attention'
  /** The provider refused the shop's own account. */
  | 'account_restricted';

export type GraphQLOutcome = 'ok' | 'user_error' | 'error';

/** What the outbox holds that is not sent yet. */
export interface OutboxBacklog {
  /** E-mails waiting (pending, or being sent right now). */
  pending: number;
  /** Age of the oldest of them in seconds; 0 when there is none. */
  oldestAgeSeconds: number;
}

export interface MetricsOptions {
  /** prom-client's default process metrics (CPU, memory, event loop, GC): only worth their cost when scraped. */
  processMetrics?: boolean;
  /** Read on scrape (at most once per `backlogCacheMs`) for the outbox gauges. */
  outboxBacklog?: () => Promise<OutboxBacklog>;
  backlogCacheMs?: number;
}

/** Distinct GraphQL operation names kept as labels; later new ones count as `other`. */
export const MAX_OPERATION_NAMES = 100;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The app's routes by prefix; other GETs are the client's files and pages. */
const HTTP_ROUTES = [
  '/graphql',
  '/media',
  '/webhooks/stripe',
  '/webhooks/paypal',
  '/healthz',
  '/readyz',
  '/metrics',
  '/admin/orders.csv',
];

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PHOTO_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

/** The route label: one of a fixed set, never the raw path. */
export function routeLabel(method: string | undefined, path: string): string {
  const route = HTTP_ROUTES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (route) return route;
  return method === 'GET' || method === 'HEAD' ? 'static' : 'other';
}

export class Metrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>();

  private readonly httpRequests = new Counter({
    name: 'storybook_http_requests_total',
    help: 'HTTP requests answered, by method, route and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'storybook_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphqlOperations = new Counter({
    name: 'storybook_graphql_operations_total',
    help: 'GraphQL operations by name, type (query, mutation) and outcome (ok, user_error, error).',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly graphqlDuration = new Histogram({
    name: 'storybook_graphql_operation_duration_seconds',
    help: 'Time to execute a GraphQL operation, by name and type.',
    labelNames: ['operation', 'type'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'storybook_payments_total',
    help: 'Payment outcomes by provider (stripe, sandbox) and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: 'storybook_jobs_total',
    help: 'Background job runs by job and outcome (succeeded, retried, failed: out of tries).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly outboxSent = new Counter({
    name: 'storybook_outbox_sent_total',
    help: 'E-mails the mail provider accepted.',
    registers: [this.registry],
  });
  private readonly outboxFailures = new Counter({
    name: 'storybook_outbox_send_failures_total',
    help: 'Failed e-mail sends, by what happens next: retry (later, with backoff) or gave_up (marked failed).',
    labelNames: ['next'] as const,
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'storybook_upload_bytes_total',
    help: 'Bytes of uploaded files read, by kind (photo, video, pdf), refused ones included.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly photoProcessing = new Histogram({
    name: 'storybook_photo_processing_seconds',
    help: "Time sharp takes to check and re-encode a child's photo, by outcome (ok, refused).",
    labelNames: ['outcome'] as const,
    buckets: PHOTO_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: MetricsOptions = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    if (options.outboxBacklog) this.watchOutbox(options.outboxBacklog, options.backlogCacheMs ?? 5_000);
  }

  /** The text a Prometheus scrape gets. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  httpRequest(method: string | undefined, path: string, status: number | null, seconds: number): void {
    const labels = {
      method: method && HTTP_METHODS.has(method) ? method : 'other',
      route: routeLabel(method, path),
      status_class: status === null ? 'aborted' : `${Math.floor(status / 100)}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  graphqlOperation(name: string | null | undefined, type: string, outcome: GraphQLOutcome, seconds: number): void {
    const operation = this.operationLabel(name);
    this.graphqlOperations.inc({ operation, type, outcome });
    this.graphqlDuration.observe({ operation, type }, seconds);
  }

  /** A client names its operations as it likes: anonymous ones collapse, and only the first MAX_OPERATION_NAMES names are kept. */
  private operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    this.operationNames.add(name);
    return name;
  }

  payment(provider: string, outcome: PaymentOutcome): void {
    this.payments.inc({ provider, outcome });
  }

  jobRun(job: string, outcome: 'succeeded' | 'retried' | 'failed'): void {
    this.jobs.inc({ job, outcome });
  }

  emailSent(): void {
    this.outboxSent.inc();
  }

  emailFailed(next: 'retry' | 'gave_up'): void {
    this.outboxFailures.inc({ next });
  }

  uploadReceived(kind: UploadKind, bytes: number): void {
    if (bytes > 0) this.uploadBytes.inc({ kind }, bytes);
  }

  photoProcessed(outcome: 'ok' | 'refused', seconds: number): void {
    this.photoProcessing.observe({ outcome }, seconds);
  }

  /** The backlog gauges, read from the database on scrape; one query serves both, and a few seconds' answers are reused. */
  private watchOutbox(read: () => Promise<OutboxBacklog>, cacheMs: number): void {
    let cached: { at: number; value: Promise<OutboxBacklog> } | undefined;
    let last: OutboxBacklog = { pending: 0, oldestAgeSeconds: 0 };
    const backlog = async (): Promise<OutboxBacklog> => {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) {
        const value = read().then(
          (fresh) => (last = fresh),
          // A database that does not answer must not fail the whole scrape: the last values stand.
          () => last,
        );
        cached = { at: now, value };
      }
      return cached.value;
    };
    new Gauge({
      name: 'storybook_outbox_pending',
      help: 'E-mails in the outbox not sent yet (pending or being sent).',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).pending);
      },
    });
    new Gauge({
      name: 'storybook_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest e-mail not sent yet, in seconds; 0 when the outbox is empty.',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).oldestAgeSeconds);
      },
    });
  }
}

/** Seconds since `start` (from process.hrtime.bigint()). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
