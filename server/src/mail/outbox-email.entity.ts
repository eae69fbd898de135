import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One e-mail to send, written in the same transaction as the change that causes it. */
@ObjectType('OutboxEmail', { description: 'An e-mail the shop sends (or has sent) about an order.' })
@Entity({ name: 'outbox_emails' })
@Index('outbox_emails_due_idx', ['status', 'nextAttemptAt'])
@Index('outbox_emails_order_idx', ['orderId'])
@Check('outbox_emails_status_check', `"status" IN ('pending', 'sending', 'sent', 'failed')`)
export class OutboxEmail {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  /** e.g. order-confirmation:{orderId}: the same e-mail is never queued twice. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 200, unique: true })
  idempotencyKey: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @ManyToOne(() => Order, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'outbox_emails_order_fkey' })
  order?: Order;

  @Field()
  @Column({ type: 'varchar', length: 64 })
  template: string;

  @Field()
  @Column({ name: 'to_address', type: 'varchar', length: 254 })
  toAddress: string;

  @Field()
  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Field({ description: 'The plain-text body: what the customer reads (the embedded mode keeps e-mails here unsent).' })
  @Column({ type: 'text' })
  text: string;

  @Field(() => String, { description: 'pending, sending, sent or failed.' })
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: OutboxStatus;

  @Field(() => Int)
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  nextAttemptAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: "Not sent before this (a digital gift's e-mail waits for its day); null: sent as soon as it can be.",
  })
  @Column({ name: 'not_before', type: 'timestamptz', precision: 3, nullable: true })
  notBefore: Date | null;

  @Column({ name: 'locked_until', type: 'timestamptz', precision: 3, nullable: true })
  lockedUntil: Date | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** The last send got no answer: the provider may have it, so ask before sending again. */
  @Column({ name: 'outcome_unknown', type: 'boolean', default: false })
  outcomeUnknown: boolean;

  @Column({ name: 'provider_message_id', type: 'varchar', length: 255, nullable: true })
  providerMessageId: string | null;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'sent_at', type: 'timestamptz', precision: 3, nullable: true })
  sentAt: Date | null;
}
