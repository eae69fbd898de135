import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { AdminUser } from '../admin/admin-user.entity';

/**
 * A discount code an owner created: a percentage or an amount off, an optional minimum, limit
 * on uses and expiry. Never deleted, only disabled, so every order keeps the code it was sold with.
 */
@Entity({ name: 'discount_codes' })
@Unique('discount_codes_code_key', ['code'])
@Check('discount_codes_kind_check', `("percent_off" IS NULL) <> ("amount_off_cents" IS NULL)`)
@Check('discount_codes_percent_check', `"percent_off" BETWEEN 1 AND 90`)
@Check('discount_codes_amount_check', `"amount_off_cents" > 0`)
@Check('discount_codes_minimum_check', `"minimum_cents" >= 0`)
@Check('discount_codes_max_uses_check', `"max_uses" > 0`)
export class DiscountCode {
  @PrimaryColumn('uuid')
  id: string;

  /** Upper case, as the parent's entry is read. */
  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Column({ name: 'percent_off', type: 'smallint', nullable: true })
  percentOff: number | null;

  @Column({ name: 'amount_off_cents', type: 'integer', nullable: true })
  amountOffCents: number | null;

  /** The book's price must be at least this for the code to apply; 0 for any. */
  @Column({ name: 'minimum_cents', type: 'integer', default: 0 })
  minimumCents: number;

  /** How many orders may hold the code (paid, or waiting for payment); null for no limit. */
  @Column({ name: 'max_uses', type: 'integer', nullable: true })
  maxUses: number | null;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3, nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', precision: 3, nullable: true })
  disabledAt: Date | null;

  /** Null once the owner's account is gone; `createdByEmail` still says who. */
  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById: string | null;

  @ManyToOne(() => AdminUser, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id', foreignKeyConstraintName: 'discount_codes_created_by_fkey' })
  createdBy?: AdminUser;

  @Column({ name: 'created_by_email', type: 'varchar', length: 254 })
  createdByEmail: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
