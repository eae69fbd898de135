import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SandboxPayment } from './sandbox-payment.entity';

/** A refund of the offline sandbox provider; the idempotency key makes a retried refund the same refund. */
@Entity({ name: 'sandbox_refunds' })
export class SandboxRefund {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'payment_id', type: 'varchar', length: 64 })
  paymentId: string;

  @ManyToOne(() => SandboxPayment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'payment_id', foreignKeyConstraintName: 'sandbox_refunds_payment_fkey' })
  payment?: SandboxPayment;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, unique: true })
  idempotencyKey: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
