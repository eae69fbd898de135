/**
 * Typed configuration read from the environment, checked in one pass: every problem is listed
 * at once (ConfigError), not one per restart. Every value has a default that makes the
 * embedded mode (PGlite database, files on local disk) work with no set-up; production
 * refuses to start without the secrets it must not invent, on the embedded database, or with
 * a provider half configured. Outside production a half-configured provider is a warning
 * (`Config.warnings`, logged at start-up) and the shop runs on its stand-in.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './common/password-length';
import { isEmailAddress } from './common/email';
import { KNOWN_BINDINGS, parsePodPackageId } from './common/print-product';

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  sessionSecret: string;
  mediaSecret: string;
  sessionTtlMs: number;
  mediaUrlTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The built client served on the same port, when present. */
  clientDistDir: string;
  /** GraphiQL's build (client/dist-graphiql), served at /graphiql when `apiExplorer` is on. */
  graphiqlDistDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Which proxies' X-Forwarded-For to believe: how many hops (1: the one proxy in front), or
   * which addresses; false: none. Never "all", which would let a client forge its address.
   */
  trustProxy: number | string[] | false;
  /** Introspection, Apollo Sandbox at /graphql and GraphiQL at /graphiql: on outside production, off in it unless API_EXPLORER=true. */
  apiExplorer: boolean;
  /** The shop's public address, for links in e-mails. */
  publicUrl: string;
  /** Unset: the offline sandbox provider (refused in production). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: URL | undefined } | undefined;
  /** PayPal's buttons beside (or instead of) Stripe; unset: no PayPal. */
  paypal: PayPalConfig | undefined;
  /** Unset: e-mails stay in the outbox and are printed to the log. */
  mailgun: { apiKey: string; domain: string; url: string | undefined } | undefined;
  /** The print partner (PRINT_PROVIDER=lulu); undefined: printed books are printed by hand and marked shipped (manual). */
  lulu: LuluConfig | undefined;
  mailFrom: string;
  /** The shop as its receipts name it: SHOP_NAME, and SHOP_ADDRESS a line each (lines separated by "|"). */
  shop: { name: string; addressLines: string[] };
  /** The advertising pixel; unset: no consent banner and nothing loaded. */
  pixelId: string | undefined;
  /** Unset: files on local disk in `${dataDir}/files`. */
  s3: S3Config | undefined;
  /** Largest finished video an admin may upload, in bytes (2 GiB unless VIDEO_MAX_BYTES says otherwise). */
  videoMaxBytes: number;
  /** Largest finished storybook PDF an admin may upload, in bytes (200 MiB unless PDF_MAX_BYTES says otherwise). */
  pdfMaxBytes: number;
  /** How long the link in a delivery e-mail lets the parent watch and download the video. */
  videoLinkTtlMs: number;
  /** How long a request's body may take to arrive; a signed-in admin's video upload has no such limit. */
  requestBodyTimeoutMs: number;
  /** STAFF_EMAIL: who hears of each paid order and each change request (lower-cased); empty: nobody. */
  staffEmails: string[];
  /** RATE_LIMITS=off turns the per-client request limits off (benchmarks, load tests); the sign-in lockout always holds. */
  rateLimits: boolean;
  /** RATE_LIMIT_CREATE_ORDER_PER_HOUR, for load tests only: raises createOrder's per-client limit so a benchmark from one address measures the check, not its refusals. */
  rateLimitCreateOrderPerHour: number | undefined;
  /**
   * Prometheus metrics at /metrics: never public. With METRICS_PORT they are served on that
   * port alone (bind it to a private network); otherwise on the app's port behind
   * `Authorization: Bearer $METRICS_TOKEN`; with neither, /metrics is not served.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** ALLOW_EMBEDDED_DB=true: the only way to run the embedded PGlite database under NODE_ENV=production. */
  allowEmbeddedDb: boolean;
  /** Settings that work but are probably a mistake (a provider half configured outside production); logged at start-up. */
  warnings: string[];
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...). Credentials come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, ...). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for MinIO, R2 and the like. */
  endpoint: string | undefined;
  /** Bucket in the path rather than the host name; needed by MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset: the AWS SDK's default chain (AWS_* variables, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Admins' browsers send finished videos straight to the bucket (presigned multipart upload), at
   * this address: `endpoint` is what the shop reaches the store at, which browsers often cannot
   * (a container's name). Undefined with `directUploads` on: AWS's own address for the bucket.
   */
  uploadEndpoint: string | undefined;
  /** Videos go to the bucket from the browser; off: through the shop, as on local disk. */
  directUploads: boolean;
}

export const DEFAULT_VIDEO_MAX_BYTES = 2 * 1024 ** 3;
export const DEFAULT_PDF_MAX_BYTES = 200 * 1024 ** 2;
/** The least a production secret may hold; `openssl rand -hex 32` gives 64 bytes. */
export const MIN_SECRET_BYTES = 32;

const repoRoot = path.resolve(__dirname, '..', '..');
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** Every problem the environment has, one per line, so an operator fixes them all in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    super(`The configuration has ${count}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type RawEnv = Record<string, string | undefined>;

/** An optional whole number; empty or unset takes the default. */
function int(name: string, fallback: number, { positive = false } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a non-negative integer, got "${raw}"` });
        return z.NEVER;
      }
      if (positive && value === 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be greater than 0` });
        return z.NEVER;
      }
      return value;
    });
}

/** A variable read by a parser that throws a message naming it (shared with the functions tests call directly). */
function parsedBy<T>(parse: (raw: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return parse(raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    });
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An optional absolute http(s) address, kept as written. */
function url(name: string, example: string) {
  return z
    .string()
    .optional()
    .refine((value) => value === undefined || isHttpUrl(value), {
      error: (issue) => `${name} must be an absolute http(s) address such as ${example}, got "${String(issue.input)}"`,
    });
}

const PRINT_PROVIDERS = ['manual', 'lulu'] as const;
/** Lulu's shipping levels (its print-jobs API). */
const LULU_SHIPPING_LEVELS = ['MAIL', 'PRIORITY_MAIL', 'GROUND_HD', 'GROUND_BUS', 'GROUND', 'EXPEDITED', 'EXPRESS'] as const;
const LULU_SANDBOX_URL = 'https://api.sandbox.lulu.com';
/** PayPal's REST API: live payments, or its sandbox (https://developer.paypal.com/api/rest/). */
const PAYPAL_API_URLS = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' } as const;
const PAYPAL_SETTINGS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'];

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in PayPal's developer dashboard, sent with each verify-webhook-signature call. */
  webhookId: string;
  /** PayPal's live or sandbox API (tests: a local fake). */
  apiUrl: string;
}
/** Lulu's Print API as configured: its keys and address, the product printed, how it ships, and the shop's phone number. */
export interface LuluConfig {
  clientKey: string;
  clientSecret: string;
  apiUrl: string;
  podPackageId: string;
  shippingLevel: string;
  /** The phone number on every shipping address: Lulu's carriers need one, and the order form asks parents for none. */
  phoneNumber: string;
}

const optional = z.string().optional();

/** Each variable on its own; rules that tie several together are in `crossChecks`. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: int('PORT', 4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: optional,
  DATABASE_URL: optional,
  SESSION_SECRET: optional,
  MEDIA_SECRET: optional,
  SESSION_TTL_HOURS: int('SESSION_TTL_HOURS', 12),
  MEDIA_URL_TTL_SECONDS: int('MEDIA_URL_TTL_SECONDS', 3600),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  CLIENT_DIST_DIR: optional,
  GRAPHIQL_DIST_DIR: optional,
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: (issue) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${String(issue.input)}"` })
    .optional(),
  TRUST_PROXY: parsedBy(trustProxyFromEnv),
  API_EXPLORER: optional,
  PUBLIC_URL: url('PUBLIC_URL', 'https://shop.example.com'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('STRIPE_API_URL', 'http://127.0.0.1:12111'),
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_WEBHOOK_ID: optional,
  PAYPAL_API_URL: url('PAYPAL_API_URL', PAYPAL_API_URLS.sandbox),
  MAILGUN_API_KEY: optional,
  MAILGUN_DOMAIN: optional,
  MAILGUN_URL: url('MAILGUN_URL', 'https://api.eu.mailgun.net'),
  MAIL_FROM: optional,
  SHOP_NAME: z.string().max(120, 'SHOP_NAME must be at most 120 characters').default('Storybook Shop'),
  SHOP_ADDRESS: optional,
  PRINT_PROVIDER: z
    .enum(PRINT_PROVIDERS, {
      error: (issue) => `PRINT_PROVIDER must be one of ${PRINT_PROVIDERS.join(', ')}, got "${String(issue.input)}"`,
    })
    .default('manual'),
  LULU_CLIENT_KEY: optional,
  LULU_CLIENT_SECRET: optional,
  LULU_API_URL: url('LULU_API_URL', LULU_SANDBOX_URL),
  LULU_POD_PACKAGE_ID: optional,
  LULU_PHONE_NUMBER: optional,
  LULU_SHIPPING_LEVEL: z
    .enum(LULU_SHIPPING_LEVELS, {
      error: (issue) => `LULU_SHIPPING_LEVEL must be one of ${LULU_SHIPPING_LEVELS.join(', ')}, got "${String(issue.input)}"`,
    })
    .default('PRIORITY_MAIL'),
  META_PIXEL_ID: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: url('S3_ENDPOINT', 'http://minio:9000'),
  S3_FORCE_PATH_STYLE: optional,
  S3_UPLOAD_ENDPOINT: url('S3_UPLOAD_ENDPOINT', 'https://files.example.com'),
  S3_DIRECT_UPLOADS: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  VIDEO_MAX_BYTES: int('VIDEO_MAX_BYTES', DEFAULT_VIDEO_MAX_BYTES, { positive: true }),
  PDF_MAX_BYTES: int('PDF_MAX_BYTES', DEFAULT_PDF_MAX_BYTES, { positive: true }),
  REQUEST_BODY_TIMEOUT_SECONDS: int('REQUEST_BODY_TIMEOUT_SECONDS', 300, { positive: true }),
  VIDEO_LINK_TTL_DAYS: int('VIDEO_LINK_TTL_DAYS', 90, { positive: true }),
  STAFF_EMAIL: parsedBy((raw) => staffEmailsFromEnv({ STAFF_EMAIL: raw })),
  RATE_LIMITS: optional,
  METRICS_TOKEN: optional,
  RATE_LIMIT_CREATE_ORDER_PER_HOUR: int('RATE_LIMIT_CREATE_ORDER_PER_HOUR', 0, { positive: true }).optional(),
  METRICS_PORT: int('METRICS_PORT', 0, { positive: true }).optional(),
  ALLOW_EMBEDDED_DB: optional,
});

const LULU_SETTINGS = [
  'LULU_CLIENT_KEY',
  'LULU_CLIENT_SECRET',
  'LULU_API_URL',
  'LULU_POD_PACKAGE_ID',
  'LULU_SHIPPING_LEVEL',
  'LULU_PHONE_NUMBER',
];
/** Lulu's pattern for a shipping address's phone number. */
const LULU_PHONE = /^\+?[\d\s\-./()]{8,20}$/;

/** Names of the set variables among `names`, for messages. */
const setAmong = (env: RawEnv, names: string[]) => names.filter((name) => env[name] !== undefined);
const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$|\.localhost$/i;

/**
 * Rules that tie variables together. A provider missing its main setting (no secret key, API
 * key or bucket) while its other settings are present runs on its stand-in: an error in
 * production, a warning otherwise. One with its main setting but not the rest cannot work at
 * all: an error everywhere.
 */
function crossChecks(env: RawEnv, isProduction: boolean): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const halfConfigured = (message: string) => (isProduction ? errors : warnings).push(message);
  const requiredWith = (name: string, because: string) => {
    if (env[because] !== undefined && env[name] === undefined) errors.push(`${name} must be set when ${because} is set`);
  };

  if (isProduction) {
    for (const name of ['SESSION_SECRET', 'MEDIA_SECRET']) {
      const value = env[name];
      if (value === undefined) {
        errors.push(`${name} must be set when NODE_ENV=production (openssl rand -hex 32)`);
      } else if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
        errors.push(
          `${name} must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production, got ${Buffer.byteLength(value)} (openssl rand -hex 32)`,
        );
      }
    }
    if (env.DATABASE_URL === undefined && env.ALLOW_EMBEDDED_DB !== 'true') {
      errors.push(
        'DATABASE_URL must be set when NODE_ENV=production: the embedded database holds one process and no backups (ALLOW_EMBEDDED_DB=true runs it anyway)',
      );
    }
    if (env.PUBLIC_URL === undefined) {
      errors.push('PUBLIC_URL must be set when NODE_ENV=production: e-mails link to it');
    } else if (isHttpUrl(env.PUBLIC_URL) && LOCAL_HOSTS.test(new URL(env.PUBLIC_URL).hostname)) {
      errors.push(
        `PUBLIC_URL must be the address parents reach the shop at when NODE_ENV=production, not ${new URL(env.PUBLIC_URL).host}`,
      );
    } else if (isHttpUrl(env.PUBLIC_URL) && new URL(env.PUBLIC_URL).protocol === 'http:') {
      warnings.push(
        'PUBLIC_URL is plain http: no admin can sign in (the session cookie travels over HTTPS only) and photos and e-mail addresses cross the network unencrypted; serve the shop over HTTPS (docker-compose.yml puts Caddy in front) and set PUBLIC_URL to its https:// address',
      );
    }
    if (env.STRIPE_API_URL !== undefined) {
      errors.push('STRIPE_API_URL is for tests and must not be set when NODE_ENV=production');
    }
    if (env.SHOP_ADDRESS === undefined) {
      warnings.push("SHOP_ADDRESS is not set: parents' receipts carry no postal address for the shop (lines separated by |)");
    }
  }

  // Checked here rather than when the first admin is made, after the migrations have run.
  if (env.ADMIN_EMAIL !== undefined && !isEmailAddress(env.ADMIN_EMAIL.trim().toLowerCase())) {
    errors.push(`ADMIN_EMAIL must be an e-mail address, got "${env.ADMIN_EMAIL}"`);
  }
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    errors.push(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long, got ${env.ADMIN_PASSWORD.length}`);
  }
  // One key for both would let whoever learns it from one use forge the other.
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET === env.MEDIA_SECRET) {
    errors.push('SESSION_SECRET and MEDIA_SECRET must differ: generate each with openssl rand -hex 32');
  }

  if (env.STRIPE_SECRET_KEY === undefined) {
    if (isProduction) {
      // PayPal's buttons stand beside the card form, not in place of it.
      errors.push('STRIPE_SECRET_KEY must be set when NODE_ENV=production: the payment sandbox only runs outside production');
    } else {
      const partial = setAmong(env, ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
      if (partial.length > 0) {
        halfConfigured(`${partial.join(' and ')} set without STRIPE_SECRET_KEY: payments run in the sandbox, not on Stripe`);
      }
    }
  }
  requiredWith('STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY');
  requiredWith('STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY');

  if (env.PAYPAL_CLIENT_ID === undefined) {
    const partial = setAmong(env, [...PAYPAL_SETTINGS.slice(1), 'PAYPAL_API_URL']);
    if (partial.length > 0) halfConfigured(`${partial.join(' and ')} set without PAYPAL_CLIENT_ID: no PayPal buttons are shown`);
  } else {
    for (const name of PAYPAL_SETTINGS.slice(1)) requiredWith(name, 'PAYPAL_CLIENT_ID');
    const apiUrl = env.PAYPAL_API_URL;
    if (isProduction && (apiUrl === undefined || !Object.values(PAYPAL_API_URLS).includes(apiUrl.replace(/\/+$/, '') as never))) {
      errors.push(
        `PAYPAL_API_URL must be ${PAYPAL_API_URLS.live} (or ${PAYPAL_API_URLS.sandbox} to try it) when NODE_ENV=production and PAYPAL_CLIENT_ID is set`,
      );
    }
  }

  if (env.PRINT_PROVIDER === 'lulu') {
    for (const name of ['LULU_CLIENT_KEY', 'LULU_CLIENT_SECRET', 'LULU_POD_PACKAGE_ID', 'LULU_PHONE_NUMBER']) {
      if (env[name] === undefined) errors.push(`${name} must be set when PRINT_PROVIDER=lulu`);
    }
    if (env.LULU_POD_PACKAGE_ID !== undefined && !parsePodPackageId(env.LULU_POD_PACKAGE_ID)) {
      errors.push(
        `LULU_POD_PACKAGE_ID must be a Lulu pod_package_id such as 0850X0850FCPRECW080CW444GXX (a ${KNOWN_BINDINGS.join(', ')} binding), got "${env.LULU_POD_PACKAGE_ID}"`,
      );
    }
    if (env.LULU_PHONE_NUMBER !== undefined && !LULU_PHONE.test(env.LULU_PHONE_NUMBER)) {
      errors.push(
        `LULU_PHONE_NUMBER must be a phone number Lulu takes (8 to 20 digits, spaces and - . / ( ), an optional leading +), got "${env.LULU_PHONE_NUMBER}"`,
      );
    }
    if (isProduction && env.LULU_API_URL === undefined) {
      errors.push(
        `LULU_API_URL must be set when NODE_ENV=production and PRINT_PROVIDER=lulu: https://api.lulu.com (or ${LULU_SANDBOX_URL} to try it)`,
      );
    }
  } else {
    const partial = setAmong(env, LULU_SETTINGS);
    if (partial.length > 0) {
      errors.push(`${partial.join(' and ')} set without PRINT_PROVIDER=lulu: printed books would not go to Lulu`);
    }
  }

  requiredWith('MAILGUN_DOMAIN', 'MAILGUN_API_KEY');
  if (env.MAILGUN_API_KEY === undefined) {
    const partial = setAmong(env, ['MAILGUN_DOMAIN', 'MAILGUN_URL']);
    if (partial.length > 0) {
      halfConfigured(`${partial.join(' and ')} set without MAILGUN_API_KEY: e-mails stay in the outbox and none is sent`);
    } else if (isProduction) {
      // Allowed (a shop may start before its mail domain is verified), but never silently.
      warnings.push(
        'NO E-MAIL IS SENT: MAILGUN_API_KEY and MAILGUN_DOMAIN are not set, so order confirmations, delivery and order-page links, "Find my order" links, admin invitations and staff notices all wait in the outbox, unseen, until Mailgun is configured',
      );
    }
  }

  if (env.S3_BUCKET === undefined) {
    const partial = setAmong(env, ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    if (partial.length > 0) {
      halfConfigured(`${partial.join(' and ')} set without S3_BUCKET: files are kept on local disk in DATA_DIR/files`);
    }
  } else {
    requiredWith('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID');
    requiredWith('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
    if (env.S3_UPLOAD_ENDPOINT !== undefined && env.S3_DIRECT_UPLOADS !== undefined && !isOn(env.S3_DIRECT_UPLOADS)) {
      warnings.push(
        'S3_UPLOAD_ENDPOINT is set but S3_DIRECT_UPLOADS is off: videos go through the shop and the address is unused',
      );
    }
  }
  return { errors, warnings };
}

/**
 * Secrets for signing media URLs and hashing session tokens. In development they are made
 * once and kept in the data folder, so signed links and sessions survive a restart.
 * (Production has them from the environment: crossChecks refuses it otherwise.)
 */
function secretFor(value: string | undefined, name: string, dataDir: string): string {
  if (value) return value;
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    // Written aside and renamed into place: shops started together on one data folder (only one of
    // which keeps it) never read a file another is halfway through writing.
    const written = `${file}.${process.pid}.tmp`;
    writeFileSync(written, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    renameSync(written, file);
  }
  return secrets[name];
}

/**
 * TRUST_PROXY: a hop count (`1` for one reverse proxy), or a comma-separated list of proxy
 * addresses or subnets (`10.0.0.0/8, 192.168.1.2`); `true` means the one proxy in front.
 * Trusting every hop would take the left-most X-Forwarded-For, which any client can write.
 */
export function trustProxyFromEnv(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address = /^(?:loopback|linklocal|uniquelocal|[0-9a-f.:]+(?:\/\d{1,3})?)$/i;
  const bad = addresses.filter((part) => !address.test(part));
  if (bad.length > 0) throw new Error(`TRUST_PROXY must be a hop count or proxy addresses, got "${bad.join(', ')}"`);
  return addresses;
}

/** STAFF_EMAIL: comma-separated addresses, each checked at start-up rather than bounced at the first order. */
export function staffEmailsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const addresses = (env.STAFF_EMAIL ?? '')
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  for (const address of addresses) {
    if (!isEmailAddress(address)) throw new Error(`STAFF_EMAIL must list e-mail addresses separated by commas, got "${address}"`);
  }
  return [...new Set(addresses)];
}

const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** Reads and checks the whole environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Compose passes unset variables as empty strings (`${MAILGUN_DOMAIN:-}`): empty means unset.
  const raw: RawEnv = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const nodeEnv = raw.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const parsed = envSchema.safeParse(raw);
  const { errors, warnings } = crossChecks(raw, isProduction);
  const problems = [...(parsed.error?.issues.map((issue) => issue.message) ?? []), ...errors];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const v = parsed.data;

  const dataDir = path.resolve(v.DATA_DIR ?? path.join(repoRoot, 'data'));
  const endpoint = v.S3_ENDPOINT;
  return {
    nodeEnv,
    isProduction,
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseUrl: v.DATABASE_URL,
    sessionSecret: secretFor(v.SESSION_SECRET, 'SESSION_SECRET', dataDir),
    mediaSecret: secretFor(v.MEDIA_SECRET, 'MEDIA_SECRET', dataDir),
    sessionTtlMs: v.SESSION_TTL_HOURS * 3600_000,
    mediaUrlTtlSeconds: v.MEDIA_URL_TTL_SECONDS,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    clientDistDir: path.resolve(v.CLIENT_DIST_DIR ?? path.join(repoRoot, 'client', 'dist')),
    graphiqlDistDir: path.resolve(v.GRAPHIQL_DIST_DIR ?? path.join(repoRoot, 'client', 'dist-graphiql')),
    logLevel: v.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: v.TRUST_PROXY,
    apiExplorer: v.API_EXPLORER ? isOn(v.API_EXPLORER) : !isProduction,
    stripe:
      v.STRIPE_SECRET_KEY && v.STRIPE_PUBLISHABLE_KEY && v.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: v.STRIPE_SECRET_KEY,
            publishableKey: v.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: v.STRIPE_WEBHOOK_SECRET,
            // Tests point the SDK at a local fake of Stripe's API; production talks to Stripe only.
            apiUrl: v.STRIPE_API_URL ? new URL(v.STRIPE_API_URL) : undefined,
          }
        : undefined,
    paypal:
      v.PAYPAL_CLIENT_ID && v.PAYPAL_CLIENT_SECRET && v.PAYPAL_WEBHOOK_ID
        ? {
            clientId: v.PAYPAL_CLIENT_ID,
            clientSecret: v.PAYPAL_CLIENT_SECRET,
            webhookId: v.PAYPAL_WEBHOOK_ID,
            apiUrl: (v.PAYPAL_API_URL ?? PAYPAL_API_URLS.sandbox).replace(/\/+$/, ''),
          }
        : undefined,
    // Links in e-mails (the parent's video link above all) must reach the shop, not the server's own localhost.
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    mailgun:
      v.MAILGUN_API_KEY && v.MAILGUN_DOMAIN
        ? { apiKey: v.MAILGUN_API_KEY, domain: v.MAILGUN_DOMAIN, url: v.MAILGUN_URL }
        : undefined,
    lulu:
      v.PRINT_PROVIDER === 'lulu'
        ? {
            clientKey: v.LULU_CLIENT_KEY!,
            clientSecret: v.LULU_CLIENT_SECRET!,
            apiUrl: v.LULU_API_URL ?? LULU_SANDBOX_URL,
            podPackageId: v.LULU_POD_PACKAGE_ID!,
            shippingLevel: v.LULU_SHIPPING_LEVEL,
            phoneNumber: v.LULU_PHONE_NUMBER!,
          }
        : undefined,
    shop: {
      name: v.SHOP_NAME.trim() || 'Storybook Shop',
      addressLines: (v.SHOP_ADDRESS ?? '')
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    },
    mailFrom: v.MAIL_FROM ?? `Storybook Shop <orders@${v.MAILGUN_DOMAIN ?? 'localhost'}>`,
    pixelId: v.META_PIXEL_ID,
    s3: v.S3_BUCKET
      ? {
          bucket: v.S3_BUCKET,
          region: v.S3_REGION ?? 'us-east-1',
          endpoint,
          // Self-hosted stores rarely have per-bucket host names; AWS prefers virtual hosts.
          forcePathStyle: v.S3_FORCE_PATH_STYLE ? isOn(v.S3_FORCE_PATH_STYLE) : Boolean(endpoint),
          credentials:
            v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
              : undefined,
          uploadEndpoint: v.S3_UPLOAD_ENDPOINT ?? endpoint,
          // AWS S3 is reachable from any browser; a self-hosted store only where the operator says so.
          directUploads: v.S3_DIRECT_UPLOADS
            ? isOn(v.S3_DIRECT_UPLOADS)
            : endpoint === undefined || v.S3_UPLOAD_ENDPOINT !== undefined,
        }
      : undefined,
    videoMaxBytes: v.VIDEO_MAX_BYTES,
    pdfMaxBytes: v.PDF_MAX_BYTES,
    requestBodyTimeoutMs: v.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
    staffEmails: v.STAFF_EMAIL,
    videoLinkTtlMs: Math.min(v.VIDEO_LINK_TTL_DAYS, 3650) * 86_400_000,
    rateLimits: v.RATE_LIMITS !== 'off',
    rateLimitCreateOrderPerHour: raw.RATE_LIMIT_CREATE_ORDER_PER_HOUR ? v.RATE_LIMIT_CREATE_ORDER_PER_HOUR : undefined,
    metrics: { token: v.METRICS_TOKEN, port: raw.METRICS_PORT ? v.METRICS_PORT : undefined },
    allowEmbeddedDb: v.ALLOW_EMBEDDED_DB === 'true',
    warnings,
  };
}

/**
 * In development, fills in from the repository's `.env` (or the file ENV_FILE names) what the
 * environment leaves unset: the environment wins over the file. Production and tests read the
 * environment alone, and ENV_FILE=none turns the file off (the test harnesses do, so a
 * developer's .env never points a test at their own database). Returns the file it read.
 */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if ((env.NODE_ENV || 'development') !== 'development' || env.ENV_FILE === 'none') return undefined;
  const file = path.resolve(env.ENV_FILE || path.join(repoRoot, '.env'));
  if (!existsSync(file)) return undefined;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] === undefined) env[name] = value;
  }
  return file;
}
