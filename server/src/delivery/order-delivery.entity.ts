import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { Order } from '../orders/order.entity';

/**
 * One version of an order's delivered files: the first delivery is version 1, every revision
 * the next. `orders.video_key` and `orders.pdf_key` point at the newest version's files; an
 * older version's files stay until retention removes them (`files_removed_at`), some days
 * after they were replaced.
 */
@Entity({ name: 'order_deliveries' })
@Unique('order_deliveries_order_version_key', ['orderId', 'version'])
export class OrderDelivery {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_deliveries_order_fkey' })
  order?: Order;

  @Column({ type: 'integer' })
  version: number;

  @Column({ name: 'video_key', type: 'varchar', length: 255 })
  videoKey: string;

  /** Null for a printed book delivered without a PDF. */
  @Column({ name: 'pdf_key', type: 'varchar', length: 255, nullable: true })
  pdfKey: string | null;

  /** admin:{email}: who delivered this version. */
  @Column({ type: 'varchar', length: 320 })
  actor: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  /** When retention deleted this version's files that no newer version still uses. */
  @Column({ name: 'files_removed_at', type: 'timestamptz', precision: 3, nullable: true })
  filesRemovedAt: Date | null;
}
