import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An address that asked for the newsletter from the storefront's footer. */
@Entity({ name: 'newsletter_subscribers' })
export class NewsletterSubscriber {
  @PrimaryColumn('uuid')
  id: string;

  /** Lower-cased; one row per address however often it subscribes. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
