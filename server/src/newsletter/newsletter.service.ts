/** Newsletter sign-ups: validated, and idempotent (subscribing twice is a quiet success). */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import { type Outcome, succeed, refusal } from '../common/user-error';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';
import { SubscribeNewsletterArgs } from './subscribe-newsletter.args';

export class NewsletterService {
  constructor(private readonly dataSource: DataSource) {}

  async subscribe(emailInput: string): Promise<Outcome<void>> {
    const signUp = Object.assign(new SubscribeNewsletterArgs(), { email: emailInput.trim().toLowerCase() });
    const invalid = firstInputError(signUp);
    if (invalid) return refusal(invalid);
    const { email } = signUp;
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(NewsletterSubscriber)
      .values({ id: randomUUID(), email })
      .orIgnore() // ON CONFLICT DO NOTHING: already subscribed is fine
      .execute();
    return succeed(undefined);
  }
}
