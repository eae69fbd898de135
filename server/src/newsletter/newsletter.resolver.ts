import { Args, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { checkClientLimits, type ClientRateLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import type { Context } from '../graphql/context';
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
  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;

  constructor(services: { newsletter: NewsletterService; rateLimiter: RateLimiter; rateLimits: ClientRateLimits }) {
    this.newsletter = services.newsletter;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Mutation(() => SubscribeNewsletterPayload, { description: 'Adds an address to the newsletter; idempotent.' })
  async subscribeNewsletter(
    @Args(() => SubscribeNewsletterArgs) { email }: SubscribeNewsletterArgs,
    @Ctx() ctx: Context,
  ): Promise<SubscribeNewsletterPayload> {
    const result =
      (await checkClientLimits(this.rateLimiter, this.rateLimits.newsletter, ctx)) ?? (await this.newsletter.subscribe(email));
    return toPayload(result, () => ({ subscribed: true }), { subscribed: false });
  }
}
