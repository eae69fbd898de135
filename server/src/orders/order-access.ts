/**
 * Order access tokens: the secrets that open one order (its page, its payment, the parent's
 * requests). Each is 256 random bits handed out once and kept only as its sha256, looked up
 * through the unique index, never compared as a string. Every e-mail about an order mints one
 * in the transaction that queues it, so each e-mail carries a link of its own.
 */
import { randomUUID } from 'node:crypto';
import { type EntityManager, IsNull } from 'typeorm';
import { randomToken, sha256Hex } from '../common/tokens';
import { OrderAccessToken } from './order-access-token.entity';
import { Order } from './order.entity';
import type { OrderEmailOptions } from './order-email';

/** A token is base64url of 32 bytes (43 characters); anything far longer is not one, and is not hashed. */
const MAX_TOKEN_LENGTH = 100;

export interface MintedLink {
  /** The token row's id: names the e-mail that carries it, so a retried request queues it once. */
  id: string;
  token: string;
  /** {PUBLIC_URL}/order/{token}. */
  url: string;
}

export function orderPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/order/${token}`;
}

/** A token not stored yet: its row's id, the secret to hand out, and the hash that is kept. */
export function newOrderToken(): { id: string; token: string; tokenHash: string } {
  const token = randomToken();
  return { id: randomUUID(), token, tokenHash: sha256Hex(token) };
}

/** A new live token for the order, in the caller's transaction. */
export async function mintOrderToken(manager: EntityManager, orderId: string): Promise<{ id: string; token: string }> {
  const { id, token, tokenHash } = newOrderToken();
  await manager.insert(OrderAccessToken, { id, orderId, tokenHash, revokedAt: null });
  return { id, token };
}

/** A new token and the order page's address that carries it. */
export async function mintOrderLink(manager: EntityManager, orderId: string, publicUrl: string): Promise<MintedLink> {
  const { id, token } = await mintOrderToken(manager, orderId);
  return { id, token, url: orderPageUrl(publicUrl, token) };
}

/** What an e-mail about the order needs: the shop's address and a freshly minted link to the order page. */
export async function orderEmailOptions(manager: EntityManager, orderId: string, publicUrl: string): Promise<OrderEmailOptions> {
  return { publicUrl, orderUrl: (await mintOrderLink(manager, orderId, publicUrl)).url };
}

/** The order a live token opens; null when the token is unknown, altered or revoked. */
export async function orderForToken(manager: EntityManager, token: string, lock = false): Promise<Order | null> {
  if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH) return null;
  const access = await manager.findOne(OrderAccessToken, {
    where: { tokenHash: sha256Hex(token), revokedAt: IsNull() },
  });
  if (!access) return null;
  return manager.findOne(Order, {
    where: { id: access.orderId },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
}

/** Revokes every live token of the order. */
export async function revokeOrderTokens(manager: EntityManager, orderId: string, now = new Date()): Promise<void> {
  await manager.update(OrderAccessToken, { orderId, revokedAt: IsNull() }, { revokedAt: now });
}
