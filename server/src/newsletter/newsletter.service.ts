/** Newsletter sign-ups: validated, and idempotent (subscribing twice is a quiet success). */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { isEmailAddress } from '../common/email';
import { UserError } from '../common/user-error';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';

export const NEWSLETTER_EMAIL_MESSAGE = 'Please enter a valid email address.';

export class NewsletterService {
  constructor(private readonly dataSource: DataSource) {}

  async subscribe(emailInput: string): Promise<UserError | null> {
    const email = emailInput.trim().toLowerCase();
    if (!isEmailAddress(email)) return new UserError(NEWSLETTER_EMAIL_MESSAGE, 'email');
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(NewsletterSubscriber)
      .values({ id: randomUUID(), email })
      .orIgnore() // ON CONFLICT DO NOTHING: already subscribed is fine
      .execute();
    return null;
  }
}
