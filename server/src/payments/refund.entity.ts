import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

/** The shop's request before the provider answered, then the provider's own refund statuses. */
export const REFUND_STATUSES = ['requested', 'unconfirmed', 'pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundRowStatus = (typeof REFUND_STATUSES)[number];
/** A request the provider has not settled an answer for: at most one per payment. */
export const OPEN_REQUEST_STATUSES: readonly RefundRowStatus[] = ['requested', 'unconfirmed'];

/**
 * Every refund of an order's money, ours or one made in the provider's own dashboard: one row
 * per provider refund id, so a refund seen twice (our call, then its webhook) is recorded once.
 * Our own refund is written first as `requested` (no provider id yet), so two refunds of one
 * payment at once send one request; its provider id and status follow the provider's answer and
 * its webhooks (pending, then succeeded or failed).
 */
@Entity({ name: 'refunds' })
@Index('refunds_order_idx', ['orderId', 'createdAt'])
@Index('refunds_one_open_request_idx', ['paymentId', 'orderId'], {
  unique: true,
  where: `"status" IN ('requested', 'unconfirmed')`,
})
@Check('refunds_amount_check', `"amount_cents" > 0`)
@Check('refunds_status_check', `"status" IN ('requested', 'unconfirmed', 'pending', 'succeeded', 'failed', 'canceled')`)
export class Refund {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'refunds_order_fkey' })
  order?: Order;

  @Column({ type: 'varchar', length: 32 })
  provider: string;

  /** Null while our request has no answer from the provider yet. */
  @Column({ name: 'provider_refund_id', type: 'varchar', length: 255, unique: true, nullable: true })
  providerRefundId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'succeeded' })
  status: RefundRowStatus;

  /** The key our request was (last) sent with; null for a refund made in the provider's dashboard. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  /** The provider's reason for a failed refund, for the admin. */
  @Column({ name: 'failure_reason', type: 'varchar', length: 255, nullable: true })
  failureReason: string | null;

  /** The provider payment refunded: the order's own, or an extra charge. */
  @Column({ name: 'payment_id', type: 'varchar', length: 255 })
  paymentId: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  /** admin:{email}, or the provider's webhook for a refund made in its dashboard. */
  @Column({ type: 'varchar', length: 320 })
  actor: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;
}
