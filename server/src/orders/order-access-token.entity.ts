import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from './order.entity';

/**
 * A secret that opens one order: its page, its payment, the parent's requests. Only the sha256
 * is stored: a browser's token is handed out once (createOrder's checkoutToken, a renewed link);
 * the e-mailed one is derived again for every e-mail (OrderLinks). Live until revoked: renewing
 * the order's link revokes them all.
 */
@Entity({ name: 'order_access_tokens' })
@Index('order_access_tokens_order_idx', ['orderId'])
@Index('order_access_tokens_one_emailed_idx', ['orderId'], { unique: true, where: '"emailed" AND "revoked_at" IS NULL' })
export class OrderAccessToken {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_access_tokens_order_fkey' })
  order?: Order;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', precision: 3, nullable: true })
  revokedAt: Date | null;

  /** The order's e-mailed link (see OrderLinks): its token is derived, not random; one live per order. */
  @Column({ type: 'boolean', default: false })
  emailed: boolean;
}
