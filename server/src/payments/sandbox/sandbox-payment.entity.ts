import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../../orders/order.entity';

/** A payment of the offline sandbox provider: one per order, confirmed with a test card. */
@Entity({ name: 'sandbox_payments' })
export class SandboxPayment {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'order_id', type: 'uuid', unique: true })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'sandbox_payments_order_fkey' })
  order?: Order;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  /** requires_payment_method, succeeded or failed. */
  @Column({ type: 'varchar', length: 32 })
  status: string;

  @Column({ name: 'amount_received_cents', type: 'integer', default: 0 })
  amountReceivedCents: number;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;
}
