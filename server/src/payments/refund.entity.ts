import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

/**
 * Every refund of an order's money, ours or one made in the provider's own dashboard: one row
 * per provider refund id, so a refund seen twice (our call, then its webhook) is recorded once.
 */
@Entity({ name: 'refunds' })
@Index('refunds_order_idx', ['orderId', 'createdAt'])
@Check('refunds_amount_check', `"amount_cents" > 0`)
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

  @Column({ name: 'provider_refund_id', type: 'varchar', length: 255, unique: true })
  providerRefundId: string;

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
}
