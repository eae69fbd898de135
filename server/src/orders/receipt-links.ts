/**
 * A receipt's own address, /receipt/{orderId}/{signature}: it opens the receipt and nothing else,
 * so a parent can forward it (to an employer, a grandparent) without handing over the order page's
 * token, which opens the child's photo and every change to the order. The signature is an HMAC of
 * the order id under a key of its own derived from the shop's media secret; it never expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class ReceiptLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own: no receipt signature can stand in for a media link's, or the other way round.
    this.key = createHmac('sha256', secret).update('receipt links').digest();
  }

  signature(orderId: string): string {
    return createHmac('sha256', this.key).update(orderId).digest('base64url');
  }

  /** The receipt's path, relative to the shop's address. */
  path(orderId: string): string {
    return `/receipt/${orderId}/${this.signature(orderId)}`;
  }

  verify(orderId: string, signature: string): boolean {
    if (typeof signature !== 'string' || signature.length > 100) return false;
    const expected = Buffer.from(this.signature(orderId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
