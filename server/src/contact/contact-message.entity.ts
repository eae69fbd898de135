import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A message a visitor sent through the contact form, kept for the staff to answer. */
@ObjectType({ description: 'A message sent through the contact form.' })
@Entity({ name: 'contact_messages' })
@Index('contact_messages_open_idx', ['answeredAt', 'createdAt'])
export class ContactMessage {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field()
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Field({ description: 'Where the answer goes.' })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Field(() => String, { nullable: true, description: 'The order it is about, as the sender typed it; null when none.' })
  @Column({ name: 'order_reference', type: 'varchar', length: 40, nullable: true })
  orderReference: string | null;

  @Field()
  @Column({ type: 'text' })
  message: string;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When an admin marked it answered; null while it waits.' })
  @Column({ name: 'answered_at', type: 'timestamptz', precision: 3, nullable: true })
  answeredAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Who marked it answered.' })
  @Column({ name: 'answered_by', type: 'varchar', length: 254, nullable: true })
  answeredBy: string | null;
}
