import { Args, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { toPayload } from '../graphql/payload';
import { UserError } from '../common/user-error';
import type { NewsletterService } from './newsletter.service';
import { SubscribeNewsletterArgs } from './subscribe-newsletter.args';

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
  async subscribeNewsletter(
    @Args(() => SubscribeNewsletterArgs) { email }: SubscribeNewsletterArgs,
  ): Promise<SubscribeNewsletterPayload> {
    const result = await this.newsletter.subscribe(email);
    return toPayload(result, () => ({ subscribed: true }), { subscribed: false });
  }
}
