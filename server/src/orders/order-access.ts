/**
 * Order access tokens: the secrets that open one order (its page, its payment, the parent's
 * requests). Each is 256 bits kept only as its sha256, looked up through the unique index, never
 * compared as a string.
 *
 * A browser's token (createOrder's checkout token, a renewed link) is random and handed out once.
 * The e-mails about an order all carry one link, its e-mailed token: the HMAC of its row's id
 * under a key derived from SESSION_SECRET, so the shop can write the same link again while the
 * token table keeps only its hash (the stored copies of the e-mails carry it as sent). One live
 * e-mailed token per order (a partial unique index); renewing the order's link revokes it with the
 * rest, and the next e-mail carries a new one. A new SESSION_SECRET revokes nothing: the next
 * e-mails carry a new link, and the links already sent keep working until the order's link is renewed.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { type EntityManager, IsNull } from 'typeorm';
import { randomToken, sha256Hex } from '../common/tokens';
import { OrderAccessToken } from './order-access-token.entity';
import { Order } from './order.entity';
import type { OrderEmailOptions } from './order-email';

/** A token is base64url of 32 bytes (43 characters); anything far longer is not one, and is not hashed. */
const MAX_TOKEN_LENGTH = 100;

export interface MintedLink {
  /** The token row's id. */
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

/** A new live token for a browser (never e-mailed), in the caller's transaction. */
export async function mintOrderToken(manager: EntityManager, orderId: string): Promise<{ id: string; token: string }> {
  const { id, token, tokenHash } = newOrderToken();
  await manager.insert(OrderAccessToken, { id, orderId, tokenHash, revokedAt: null });
  return { id, token };
}

/** The links the shop e-mails: the order's one e-mailed link, on the shop's public address. */
export class OrderLinks {
  private readonly key: Buffer;

  /** `secret`: SESSION_SECRET; the links' own key is derived from it, for this use alone. */
  constructor(
    readonly publicUrl: string,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('storybook-shop order e-mail links').digest();
  }

  pageUrl(token: string): string {
    return orderPageUrl(this.publicUrl, token);
  }

  /**
   * The order's e-mailed link, in the caller's transaction: the live one, or a new one when the
   * order has none (its first e-mail, or the first after its link was renewed).
   */
  async emailLink(manager: EntityManager, orderId: string): Promise<MintedLink> {
    const live = await this.liveEmailed(manager, orderId);
    if (live) {
      const token = this.tokenFor(live.id);
      if (sha256Hex(token) === live.tokenHash) return { id: live.id, token, url: this.pageUrl(token) };
    }
    // The order's row before its tokens, as every change to the order takes them: the new token's
    // foreign key would take this lock after the token's unique index entry, and a payment holding
    // the row while writing its own first link would then wait on this transaction as it waits on
    // the payment. Only a transaction holding the row FOR UPDATE (or deleting it) is waited on.
    await manager.query(`SELECT 1 FROM "orders" WHERE "id" = $1 FOR KEY SHARE`, [orderId]);
    if (live) {
      // Signed under an earlier SESSION_SECRET: it still opens the order from the e-mails that
      // carry it, but cannot be written again, so a new one takes its place in the next e-mails.
      await manager.update(OrderAccessToken, { id: live.id }, { emailed: false });
    }
    const id = randomUUID();
    // A transaction writing the order's first link at the same moment waits on the unique index,
    // then inserts nothing, and both carry the one that committed. Only that conflict is let pass.
    await manager.query(
      `INSERT INTO "order_access_tokens" ("id", "order_id", "token_hash", "emailed") VALUES ($1, $2, $3, true)
       ON CONFLICT ("order_id") WHERE "emailed" AND "revoked_at" IS NULL DO NOTHING`,
      [id, orderId, sha256Hex(this.tokenFor(id))],
    );
    const written = await this.liveEmailed(manager, orderId);
    const token = written && this.tokenFor(written.id);
    // Written at the same moment by a shop on another SESSION_SECRET: never e-mail a link that opens nothing.
    if (!written || !token || sha256Hex(token) !== written.tokenHash) {
      throw new Error(`the e-mailed link of order ${orderId} could not be written under this SESSION_SECRET`);
    }
    return { id: written.id, token, url: this.pageUrl(token) };
  }

  /** What an e-mail about the order needs: the shop's address and the order's e-mailed link. */
  async emailOptions(manager: EntityManager, orderId: string): Promise<OrderEmailOptions> {
    return { publicUrl: this.publicUrl, orderUrl: (await this.emailLink(manager, orderId)).url };
  }

  private tokenFor(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  private liveEmailed(manager: EntityManager, orderId: string): Promise<OrderAccessToken | null> {
    return manager.findOne(OrderAccessToken, { where: { orderId, emailed: true, revokedAt: IsNull() } });
  }
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
