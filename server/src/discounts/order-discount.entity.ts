import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';
import { DiscountCode } from './discount-code.entity';

/**
 * The code an order carries and what it takes off the book's price. The order's own
 * `amountCents` is already the price less this; the row says why.
 */
@Entity({ name: 'order_discounts' })
@Index('order_discounts_code_idx', ['discountCodeId'])
@Check('order_discounts_amount_check', `"amount_cents" > 0`)
export class OrderDiscount {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @OneToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_discounts_order_fkey' })
  order?: Order;

  @Column({ name: 'discount_code_id', type: 'uuid' })
  discountCodeId: string;

  @ManyToOne(() => DiscountCode, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'discount_code_id', foreignKeyConstraintName: 'order_discounts_code_fkey' })
  discountCode?: DiscountCode;

  /** The code as the parent entered it (upper case). */
  @Column({ type: 'varchar', length: 32 })
  code: string;

  /** What it takes off, in integer cents of the order's currency. */
  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'applied_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  appliedAt: Date;
}
