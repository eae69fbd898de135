import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One client's requests under one rate-limit rule in one fixed window. Shared by every
 * instance through the database; the key is a sha256 of the client's address or e-mail, so
 * the table holds no personal data in the clear. Rows are deleted once their window is over.
 */
@Entity({ name: 'rate_limit_counters' })
@Index('rate_limit_counters_expires_idx', ['expiresAt'])
export class RateLimitCounter {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  rule: string;

  @PrimaryColumn({ type: 'char', length: 64 })
  key: string;

  @PrimaryColumn({ name: 'window_start', type: 'timestamptz', precision: 3 })
  windowStart: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @Column({ type: 'integer' })
  hits: number;
}
