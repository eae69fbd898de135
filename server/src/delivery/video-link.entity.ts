import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

/**
 * The link in a delivery e-mail: a secret token (only its sha256 is stored) that lets the parent
 * watch and download the order's video, without an account, until it expires. Each e-mail,
 * first or resent, gets its own link, so an older e-mail keeps working until its own expiry.
 */
@Entity({ name: 'video_links' })
@Index('video_links_order_idx', ['orderId'])
export class VideoLink {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'video_links_order_fkey' })
  order?: Order;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  /** admin:{email}: who sent the e-mail that carries it. */
  @Column({ name: 'created_by', type: 'varchar', length: 320 })
  createdBy: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
