import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdminUser } from '../admin/admin-user.entity';
import { Order } from '../orders/order.entity';

/** A note staff write about an order, for each other. Never shown to the parent. */
@ObjectType({ description: 'A note staff wrote about an order, for each other; never shown to the parent.' })
@Entity({ name: 'order_notes' })
@Index('order_notes_order_idx', ['orderId', 'createdAt'])
export class OrderNote {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_notes_order_fkey' })
  order?: Order;

  /** Null once the author's account is gone; `authorEmail` still says who wrote it. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @ManyToOne(() => AdminUser, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'order_notes_author_fkey' })
  author?: AdminUser;

  @Field({ description: 'Who wrote it.' })
  @Column({ name: 'author_email', type: 'varchar', length: 254 })
  authorEmail: string;

  @Field({ description: 'As written, trimmed; line breaks kept.' })
  @Column({ type: 'text' })
  text: string;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
