import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: checkout tokens and session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}
