import { Check, Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

/**
 * An order's printing at the print partner: one job an order (the order's id is the partner's
 * external id, so sending again never prints twice). The checked print files and the partner's
 * price come first (FILES_READY); then the partner's job id and its status as the partner's API
 * last said it. New files replace the old ones until the job is sent, and again after the partner
 * rejected or cancelled it.
 */
@Entity({ name: 'print_jobs' })
@Check('print_jobs_page_count_check', `"page_count" > 0`)
// The partner's webhook names its job id: which order is it.
@Index('print_jobs_external_idx', ['provider', 'externalId'], { unique: true })
export class PrintJob {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @OneToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'print_jobs_order_fkey' })
  order?: Order;

  /** The partner's name (lulu). */
  @Column({ type: 'varchar', length: 16 })
  provider: string;

  /** FILES_READY, SENDING, or the partner's status of the job. */
  @Column({ type: 'varchar', length: 32 })
  status: string;

  /** The partner's id of the job, once it has one. */
  @Column({ name: 'external_id', type: 'varchar', length: 64, nullable: true })
  externalId: string | null;

  /** Null once the files are removed (the parent deleted the child's details). */
  @Column({ name: 'interior_key', type: 'varchar', length: 255, nullable: true })
  interiorKey: string | null;

  @Column({ name: 'cover_key', type: 'varchar', length: 255, nullable: true })
  coverKey: string | null;

  @Column({ name: 'page_count', type: 'integer' })
  pageCount: number;

  /** What the partner charges for the job, tax and shipping included, in integer cents of `currency`. */
  @Column({ name: 'cost_cents', type: 'integer', nullable: true })
  costCents: number | null;

  @Column({ type: 'char', length: 3, nullable: true })
  currency: string | null;

  /** The partner's message when it rejected the job or failed it, or why sending failed. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', precision: 3, nullable: true })
  sentAt: Date | null;

  /** While a send is talking to the partner: until when it holds the job, so no second send starts beside it. */
  @Column({ name: 'sending_until', type: 'timestamptz', precision: 3, nullable: true })
  sendingUntil: Date | null;
}
