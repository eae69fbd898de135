import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider event already handled: a replayed webhook finds its id here and changes nothing. */
@Entity({ name: 'payment_events' })
export class PaymentEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 32 })
  provider: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  receivedAt: Date;
}
