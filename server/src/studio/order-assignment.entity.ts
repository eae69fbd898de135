import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdminUser } from '../admin/admin-user.entity';
import { Order } from '../orders/order.entity';

/** Who on the staff has taken an order ("this one is mine"): at most one admin an order. */
@Entity({ name: 'order_assignments' })
@Index('order_assignments_admin_idx', ['adminId'])
export class OrderAssignment {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_assignments_order_fkey' })
  order?: Order;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId: string;

  @ManyToOne(() => AdminUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id', foreignKeyConstraintName: 'order_assignments_admin_fkey' })
  admin?: AdminUser;

  @Column({ name: 'assigned_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  assignedAt: Date;
}
