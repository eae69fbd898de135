import { Arg, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { UserError } from '../common/user-error';
import type { NewsletterService } from './newsletter.service';

@ObjectType()
export class SubscribeNewsletterPayload {
  @Field({ description: 'True once the address is on the list (also when it already was).' })
  subscribed: boolean;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@Resolver()
export class NewsletterResolver {
  private readonly newsletter: NewsletterService;

  constructor(services: { newsletter: NewsletterService }) {
    this.newsletter = services.newsletter;
  }

  @Mutation(() => SubscribeNewsletterPayload, { description: 'Adds an address to the newsletter; idempotent.' })
  async subscribeNewsletter(@Arg('email', () => String) email: string): Promise<SubscribeNewsletterPayload> {
    const error = await this.newsletter.subscribe(email);
    return error ? { subscribed: false, userErrors: [error] } : { subscribed: true, userErrors: [] };
  }
}
