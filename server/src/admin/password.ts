/**
 * Admin passwords: scrypt with a random salt, stored as scrypt$N$r$p$salt$hash, at OWASP's
 * current cost (Password Storage Cheat Sheet: N=2^17, r=8, p=1). Hashes made at a lower cost
 * still verify, and sign-in re-hashes them (`needsRehash`).
 */
import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommendation: 128 MiB and about 300 ms per hash on a small server. */
export const PASSWORD_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };
/** The cost hashes were made at before; they are upgraded at the next sign-in. */
export const LEGACY_PASSWORD_COST: Readonly<ScryptCost> = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** The largest cost a stored hash may ask for (2^20 needs 1 GiB): a corrupt row must not exhaust memory. */
const MAX_N = 2 ** 20;

let cost: Readonly<ScryptCost> = PASSWORD_COST;

/**
 * Test suites that create and sign in many admins may hash at a lower cost, so they stay
 * fast; only under NODE_ENV=test (test/support/test-server.ts sets it), never in production.
 */
export function usePasswordCostForTests(testCost: ScryptCost): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('A lower password cost is for tests only (NODE_ENV=test)');
  cost = testCost;
  dummyHash = undefined;
}

/** The cost new hashes are made at. */
export function currentPasswordCost(): Readonly<ScryptCost> {
  return cost;
}

/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below OWASP's cost. */
const maxmemFor = ({ N, r }: ScryptCost) => Math.max(256 * 1024 ** 2, 2 * 128 * N * r);

function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  const parsed = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const sane = [parsed.N, parsed.r, parsed.p].every((value) => Number.isSafeInteger(value) && value > 0);
  if (!sane || parsed.N > MAX_N || parsed.r * parsed.p > 64) return null;
  return { cost: parsed, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** A new salted hash at the current cost (`atCost`: tests making a hash from before). */
export async function hashPassword(password: string, atCost: ScryptCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = atCost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(atCost) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.hash.length, { ...parsed.cost, maxmem: maxmemFor(parsed.cost) });
  return timingSafeEqual(key, parsed.hash);
}

/** True when `stored` was made at less than the current cost: sign-in then stores a new hash. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/** A hash to check against when the e-mail is unknown, so both failures take as long (at the current cost). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
