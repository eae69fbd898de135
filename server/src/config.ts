/**
 * Typed configuration read from the environment. Every value has a default that makes the
 * embedded mode (PGlite database, files on local disk) work with no set-up; production
 * refuses to start without the secrets it must not invent.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isEmailAddress } from './common/email';

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
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Which proxies' X-Forwarded-For to believe: how many hops (1: the one proxy in front), or
   * which addresses; false: none. Never "all", which would let a client forge its address.
   */
  trustProxy: number | string[] | false;
  /** Introspection and the explorer at /graphql: on outside production, off in it unless API_EXPLORER=true. */
  apiExplorer: boolean;
  /** The shop's public address, for links in e-mails. */
  publicUrl: string;
  /** Unset: the offline sandbox provider (refused in production). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: URL | undefined } | undefined;
  /** Unset: e-mails stay in the outbox and are printed to the log. */
  mailgun: { apiKey: string; domain: string; url: string | undefined } | undefined;
  mailFrom: string;
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
}

export const DEFAULT_VIDEO_MAX_BYTES = 2 * 1024 ** 3;
export const DEFAULT_PDF_MAX_BYTES = 200 * 1024 ** 2;

const repoRoot = path.resolve(__dirname, '..', '..');
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'];

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be greater than 0`);
  return value;
}

/**
 * Secrets for signing media URLs and hashing session tokens. In development they are made
 * once and kept in the data folder, so signed links and sessions survive a restart.
 */
function secretFromEnv(env: NodeJS.ProcessEnv, name: string, dataDir: string, isProduction: boolean): string {
  const fromEnv = env[name];
  if (fromEnv) return fromEnv;
  if (isProduction) throw new Error(`${name} must be set when NODE_ENV=production`);
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint) new URL(endpoint); // fail at start-up, not at the first upload
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    // Self-hosted stores rarely have per-bucket host names; AWS prefers virtual hosts.
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1'
      : Boolean(endpoint),
    credentials: env.S3_ACCESS_KEY_ID
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID') }
      : undefined,
  };
}

/** Links in e-mails (the parent's video link above all) must reach the shop, not the server's own localhost. */
function publicUrlFromEnv(env: NodeJS.ProcessEnv, port: number, isProduction: boolean): string {
  if (!env.PUBLIC_URL && isProduction) throw new Error('PUBLIC_URL must be set when NODE_ENV=production: e-mails link to it');
  const url = env.PUBLIC_URL || `http://localhost:${port}`;
  new URL(url); // refuse a malformed address at start-up, not in a parent's inbox
  return url.replace(/\/+$/, '');
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

function required(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when ${because} is set`);
  return value;
}

function stripeFromEnv(env: NodeJS.ProcessEnv, isProduction: boolean): Config['stripe'] {
  if (!env.STRIPE_SECRET_KEY) {
    if (isProduction) {
      throw new Error('STRIPE_SECRET_KEY must be set when NODE_ENV=production: the payment sandbox only runs outside production');
    }
    return undefined;
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY'),
    webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'),
    // Tests point the SDK at a local fake of Stripe's API; production talks to Stripe only.
    apiUrl: stripeApiUrl(env, isProduction),
  };
}

function stripeApiUrl(env: NodeJS.ProcessEnv, isProduction: boolean): URL | undefined {
  if (!env.STRIPE_API_URL) return undefined;
  if (isProduction) throw new Error('STRIPE_API_URL is for tests and must not be set when NODE_ENV=production');
  return new URL(env.STRIPE_API_URL);
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = intFromEnv(env, 'PORT', 4000);
  const logLevel = env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    nodeEnv,
    isProduction,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: secretFromEnv(env, 'SESSION_SECRET', dataDir, isProduction),
    mediaSecret: secretFromEnv(env, 'MEDIA_SECRET', dataDir, isProduction),
    sessionTtlMs: intFromEnv(env, 'SESSION_TTL_HOURS', 12) * 3600_000,
    mediaUrlTtlSeconds: intFromEnv(env, 'MEDIA_URL_TTL_SECONDS', 3600),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    clientDistDir: path.resolve(env.CLIENT_DIST_DIR ?? path.join(repoRoot, 'client', 'dist')),
    logLevel: logLevel as Config['logLevel'],
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    apiExplorer: env.API_EXPLORER ? env.API_EXPLORER === 'true' || env.API_EXPLORER === '1' : !isProduction,
    stripe: stripeFromEnv(env, isProduction),
    publicUrl: publicUrlFromEnv(env, port, isProduction),
    mailgun: env.MAILGUN_API_KEY
      ? {
          apiKey: env.MAILGUN_API_KEY,
          domain: required(env, 'MAILGUN_DOMAIN', 'MAILGUN_API_KEY'),
          url: env.MAILGUN_URL || undefined,
        }
      : undefined,
    mailFrom: env.MAIL_FROM ?? `Storybook Shop <orders@${env.MAILGUN_DOMAIN ?? 'localhost'}>`,
    pixelId: env.META_PIXEL_ID || undefined,
    s3: s3FromEnv(env),
    videoMaxBytes: positiveIntFromEnv(env, 'VIDEO_MAX_BYTES', DEFAULT_VIDEO_MAX_BYTES),
    pdfMaxBytes: positiveIntFromEnv(env, 'PDF_MAX_BYTES', DEFAULT_PDF_MAX_BYTES),
    requestBodyTimeoutMs: positiveIntFromEnv(env, 'REQUEST_BODY_TIMEOUT_SECONDS', 300) * 1000,
    staffEmails: staffEmailsFromEnv(env),
    videoLinkTtlMs: Math.min(positiveIntFromEnv(env, 'VIDEO_LINK_TTL_DAYS', 90), 3650) * 86_400_000,
  };
}
