/**
 * Structured logs: one JSON line per event, written by pino, errors on stderr and the rest on
 * stdout. Lines logged while a request is handled carry its request id. In production, what
 * identifies a customer (e-mail addresses, postal addresses) and secrets (passwords, cookies,
 * authorization headers) are masked before a line is written.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Level = Exclude<LogLevel, 'silent'>;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** The process's logger: the Logger every service takes, plus the pino instance behind it (for pino-http and child loggers). */
export interface AppLogger extends Logger {
  readonly pino: pino.Logger;
  /** Whether customer data is masked (NODE_ENV=production). */
  readonly production: boolean;
}

export interface LoggerOptions {
  /** Mask e-mail addresses and redact postal addresses and passwords (NODE_ENV=production). */
  production?: boolean;
  /** Where every line goes; default: stdout, and stderr for errors. */
  destination?: DestinationStream;
}

export const REDACTED = '[redacted]';
export const EMAIL_MASK = '[email]';

/** Never logged, in any mode: they let whoever reads the log act as the user. */
const SECRET_PATHS = [
  'cookie',
  'authorization',
  'headers.cookie',
  'headers.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];
/** Customer data and passwords: printed while developing, never in production. */
const PRODUCTION_PATHS = [
  'shippingAddress',
  '*.shippingAddress',
  '*.*.shippingAddress',
  'password',
  '*.password',
  'email',
  '*.email',
];

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and everything it starts) as part of request `reqId`: lines logged meanwhile carry it. */
export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

/** Lines go to stdout, errors (and worse) to stderr; through process.stdout/stderr, so tests and pipes see them as before. */
function standardStreams(): DestinationStream {
  const stdout = { write: (line: string) => process.stdout.write(line) };
  const stderr = { write: (line: string) => process.stderr.write(line) };
  return pino.multistream(
    [
      { level: 'debug', stream: stdout },
      { level: 'error', stream: stderr },
    ],
    { dedupe: true },
  );
}

export function createLogger(level: LogLevel = 'info', options: LoggerOptions = {}): AppLogger {
  const production = options.production ?? false;
  const base = pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: production ? [...SECRET_PATHS, ...PRODUCTION_PATHS] : SECRET_PATHS, censor: REDACTED },
    },
    options.destination ?? standardStreams(),
  );
  const write = (lvl: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (!base.isLevelEnabled(lvl)) return;
    const reqId = currentRequestId();
    // msg right after the level and time, then the fields, as the lines have always read.
    base[lvl]({ ...(reqId ? { reqId } : {}), msg, ...serialise(fields, production) });
  };
  return { pino: base, production, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** The level LOG_LEVEL names, for code that runs before the configuration is read (or when it fails to be). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const levels: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
  return levels.find((level) => level === env.LOG_LEVEL) ?? 'info';
}

const MAX_DEPTH = 6;

function serialise(fields: Record<string, unknown> | undefined, mask: boolean): Record<string, unknown> {
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = clean(value, mask, 0);
  return out;
}

/** Errors as their name, message, code and stack; in production, e-mail addresses masked in every string. */
function clean(value: unknown, mask: boolean, depth: number): unknown {
  if (typeof value === 'string') return mask ? maskEmails(value) : value;
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return clean(
      { type: value.name, message: value.message, ...(code !== undefined ? { code } : {}), stack: value.stack },
      mask,
      depth,
    );
  }
  if (!mask || depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => clean(item, mask, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = clean(item, mask, depth + 1);
  return out;
}

/** The local parts people have, not all RFC 5322 allows: a `/`, `=` or `&` before it is a path's or a query's. */
const LOCAL_CHAR = /[A-Za-z0-9._%+'-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;

/**
 * Replaces every e-mail-shaped part of `text` with EMAIL_MASK. A scan outwards from each `@`
 * rather than a pattern, so a long hostile string costs linear time, not quadratic.
 */
export function maskEmails(text: string): string {
  let at = text.indexOf('@');
  if (at < 0) return text;
  let out = '';
  let copied = 0;
  while (at >= 0) {
    let start = at;
    while (start > copied && LOCAL_CHAR.test(text[start - 1])) start--;
    let end = at + 1;
    while (end < text.length && DOMAIN_CHAR.test(text[end])) end++;
    while (end > at + 1 && text[end - 1] === '.') end--; // a full stop ending the sentence
    const domain = text.slice(at + 1, end);
    if (start < at && /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/.test(domain)) {
      out += text.slice(copied, start) + EMAIL_MASK;
      copied = end;
    }
    at = text.indexOf('@', Math.max(at + 1, copied));
  }
  return out + text.slice(copied);
}
