/**
 * Media are served only through signed, expiring URLs: /media/{key}?exp={unix}&sig={hmac}.
 * The signature covers the key and the expiry, so a link can be neither altered nor extended.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class MediaSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  private sign(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url');
  }

  /** A path (relative to the server's origin) valid for `ttlSeconds` from now. */
  url(key: string, ttlSeconds = this.ttlSeconds, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + ttlSeconds;
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `/media/${encodedKey}?exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  verify(key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
    if (!exp || !sig || !/^\d+$/.test(exp)) return false;
    if (Number(exp) * 1000 < now) return false;
    const expected = Buffer.from(this.sign(key, Number(exp)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
