import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OrderStatus } from './order-status';

/**
 * How many orders are in each status, kept exact by triggers on `orders` in the same
 * transaction as the write (migration OrderSearchAndCounts1764700000000). Read-only for the app.
 */
@Entity({ name: 'order_counts' })
export class OrderCount {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  status: OrderStatus;

  @Column({ type: 'integer' })
  n: number;
}
