import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';
import { WorkReason } from './work-reason';

/**
 * The studio's queue: one row for each thing the staff have to do about an order, kept up to
 * date from the order's history in the same transaction (work-items.ts), so the queue is one
 * indexed read however many orders the shop has.
 */
@Entity({ name: 'work_items' })
@Index('work_items_due_idx', ['dueAt', 'orderId', 'reason'])
@Index('work_items_reason_due_idx', ['reason', 'dueAt', 'orderId'])
@Check(
  'work_items_reason_check',
  `"reason" IN ('TO_START', 'CHANGES_ASKED', 'APPROVED', 'READY_TO_PRINT', 'PRINT_PROBLEM', 'PAYMENT_ATTENTION', 'EMAIL_FAILING')`,
)
export class WorkItem {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'work_items_order_fkey' })
  order?: Order;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  reason: WorkReason;

  @Column({ name: 'due_at', type: 'timestamptz', precision: 3 })
  dueAt: Date;

  /** When the item appeared. */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  since: Date;

  /** When the staff were told it is overdue; null until then (one e-mail an item). */
  @Column({ name: 'overdue_notified_at', type: 'timestamptz', precision: 3, nullable: true })
  overdueNotifiedAt: Date | null;
}
