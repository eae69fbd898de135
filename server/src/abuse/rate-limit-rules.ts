/**
 * The per-client limits on what an anonymous visitor may do, and the one check every
 * resolver uses. The numbers are generous enough for a family ordering twice and retrying a
 * few times; a signed-in admin is never limited. A client is `req.ip` as Express computes it
 * under TRUST_PROXY, so a forged X-Forwarded-For does not make a new client.
 */
import type { Request } from 'express';
import { type Outcome, refuse, UserErrorCode } from '../common/user-error';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface ClientRateLimits {
  /** createOrder per client address: every rule must allow it. */
  createOrder: RateLimitRule[];
  /** subscribeNewsletter per client address. */
  newsletter: RateLimitRule[];
  /** sendContactMessage per client address. */
  contact: RateLimitRule[];
  /** The parent's order lookup, per e-mail address asked about (past it: silently no e-mail). */
  orderLinksPerEmail: RateLimitRule;
  /** The parent's order lookup, per client address (past it: RATE_LIMITED). */
  orderLinksPerClient: RateLimitRule;
  /** What an order page's holder may do that e-mails the parent or changes the order (new link, change request, deletion), per client. */
  orderPageActions: RateLimitRule;
  /** Accepting an admin invitation, per client: each try may cost a password hash. */
  adminInvitations: RateLimitRule;
  /** Discount codes tried on the payment page, per client: enough for a family, too few to guess codes. */
  discountCodes: RateLimitRule;
}

export const DEFAULT_CLIENT_RATE_LIMITS: ClientRateLimits = {
  createOrder: [
    { name: 'create-order:client:hour', limit: 10, windowMs: HOUR },
    { name: 'create-order:client:day', limit: 30, windowMs: DAY },
  ],
  newsletter: [{ name: 'newsletter:client:hour', limit: 10, windowMs: HOUR }],
  contact: [{ name: 'contact:client:hour', limit: 10, windowMs: HOUR }],
  orderLinksPerEmail: { name: 'order-links:email:hour', limit: 3, windowMs: HOUR },
  orderLinksPerClient: { name: 'order-links:client:hour', limit: 10, windowMs: HOUR },
  orderPageActions: { name: 'order-page-actions:client:hour', limit: 10, windowMs: HOUR },
  adminInvitations: { name: 'admin-invitations:client:hour', limit: 10, windowMs: HOUR },
  discountCodes: { name: 'discount-codes:client:hour', limit: 20, windowMs: HOUR },
};

/**
 * The limits in force. `createOrderPerHour` (RATE_LIMIT_CREATE_ORDER_PER_HOUR, for load tests
 * only) raises createOrder's hourly limit, and its daily one to at least as much, so a
 * benchmark from one address measures the cost of the check rather than its refusals.
 */
export function clientRateLimits(overrides: { createOrderPerHour?: number } = {}): ClientRateLimits {
  const perHour = overrides.createOrderPerHour;
  if (perHour === undefined) return DEFAULT_CLIENT_RATE_LIMITS;
  const [hour, day] = DEFAULT_CLIENT_RATE_LIMITS.createOrder;
  return {
    ...DEFAULT_CLIENT_RATE_LIMITS,
    createOrder: [
      { ...hour, limit: perHour },
      { ...day, limit: Math.max(day.limit, perHour) },
    ],
  };
}

/** The client as the rate limits see it: Express's `req.ip`, which honours TRUST_PROXY and nothing else. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Counts one request by this client under each rule, stopping at the first that refuses.
 * Null: go ahead. A signed-in admin is exempt (and not counted).
 */
export async function checkClientLimits(
  limiter: RateLimiter,
  rules: RateLimitRule[],
  request: { req: Request; admin(): Promise<object | null> },
): Promise<Outcome<never> | null> {
  if (!limiter.enabled || (await request.admin())) return null;
  const client = clientAddress(request.req);
  for (const rule of rules) {
    if (!(await limiter.take(rule, client))) return refuse(UserErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE);
  }
  return null;
}
