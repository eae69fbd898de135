/**
 * Per-client request limits shared by every instance through the database: a fixed-window
 * counter per (rule, client key), bumped and checked in one atomic statement, so parallel
 * requests on any number of instances never let more than `limit` through in a window.
 * RATE_LIMITS=off turns it off for benchmarks and load tests; the admin sign-in lockout
 * (admin/auth.service.ts) is separate and always holds.
 */
import type { DataSource } from 'typeorm';
import { sha256Hex } from '../common/tokens';
import { RateLimitCounter } from './rate-limit-counter.entity';

export interface RateLimitRule {
  /** Stable name, stored with each counter: renaming a rule starts its counts afresh. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Expired windows are deleted at most this often by each instance, on the way through `take`. */
const CLEANUP_EVERY_MS = 10 * 60_000;

export class RateLimiter {
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { enabled: boolean },
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /**
   * Counts one request by `key` (a client address, an e-mail) under `rule`. True: allowed
   * (and counted); false: over the limit for the current window (not counted, so the count
   * never runs past the limit). The key is stored only as its sha256.
   */
  async take(rule: RateLimitRule, key: string): Promise<boolean> {
    if (!this.options.enabled) return true;
    if (!Number.isSafeInteger(rule.limit) || rule.limit < 1 || !Number.isSafeInteger(rule.windowMs) || rule.windowMs < 1) {
      throw new Error(`Rate limit rule "${rule.name}" needs a positive limit and window`);
    }
    await this.cleanupNowAndThen();
    // The window is cut from the database's clock, the one clock all instances share. A refused
    // request matches the conflict but not the WHERE, so no row comes back and nothing is counted.
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      `WITH w AS (
         SELECT to_timestamp(floor(extract(epoch FROM clock_timestamp()) * 1000 / $3::bigint) * $3::bigint / 1000.0) AS start
       )
       INSERT INTO rate_limit_counters AS c (rule, key, window_start, expires_at, hits)
       SELECT $1, $2, w.start, w.start + make_interval(secs => $3::bigint / 1000.0), 1 FROM w
       ON CONFLICT (rule, key, window_start) DO UPDATE SET hits = c.hits + 1 WHERE c.hits < $4::integer
       RETURNING c.hits`,
      [rule.name, sha256Hex(key), rule.windowMs, rule.limit],
    );
    return rows.length > 0 && Number(rows[0].hits) <= rule.limit;
  }

  /** Deletes the counters of windows that are over; returns how many. */
  async deleteExpired(): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(RateLimitCounter)
      .where('expires_at < clock_timestamp()')
      .execute();
    return result.affected ?? 0;
  }

  private async cleanupNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.deleteExpired();
  }
}
