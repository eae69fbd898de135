import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { OrderEventType } from './order-event-type';
import { Order } from './order.entity';

/** Append-only trail of what happened to an order and who did it. */
@ObjectType({ description: "One step in an order's history." })
@Entity({ name: 'order_events' })
@Index('order_events_order_idx', ['orderId', 'createdAt'])
export class OrderEvent {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_events_order_fkey' })
  order?: Order;

  /** created, paid, completed, ... (order-event-type.ts lists them). */
  @Field(() => String, { description: 'created, paid, completed, ...' })
  @Column({ type: 'varchar', length: 40 })
  type: OrderEventType;

  @Field(() => String, { nullable: true })
  @Column({ name: 'from_status', type: 'varchar', length: 16, nullable: true })
  fromStatus: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'to_status', type: 'varchar', length: 16, nullable: true })
  toStatus: string | null;

  /** customer, system, a provider name, or admin:<email>. */
  @Field({ description: 'customer, system, a payment provider, or admin:{email}.' })
  @Column({ type: 'varchar', length: 320 })
  actor: string;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, string | number | boolean | null>;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
