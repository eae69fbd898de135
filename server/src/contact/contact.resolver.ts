import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { checkClientLimits, type ClientRateLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import type { AdminUser } from '../admin/admin-user.entity';
import { UserError } from '../common/user-error';
import type { Context } from '../graphql/context';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import { ContactMessage } from './contact-message.entity';
import { ContactMessageInput } from './contact-message.input';
import type { ContactService } from './contact.service';

@ObjectType()
class SendContactMessagePayload {
  @Field({ description: 'True once the message is stored and its e-mails are queued.' })
  sent: boolean;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
class ContactMessagePayload {
  @Field(() => ContactMessage, { nullable: true })
  message: ContactMessage | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

/** The contact form (anyone, 10 an hour per address), and the messages for the signed-in staff. */
@Resolver()
export class ContactResolver {
  private readonly contact: ContactService;
  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;

  constructor(services: { contact: ContactService; rateLimiter: RateLimiter; rateLimits: ClientRateLimits }) {
    this.contact = services.contact;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Mutation(() => SendContactMessagePayload, {
    description:
      'Sends a message to the shop: stored, e-mailed to the staff (STAFF_EMAIL) and acknowledged to the sender. ' +
      "Checked in the form's order (name, email, orderReference, message); 10 an hour per address.",
  })
  async sendContactMessage(
    @Arg('input', () => ContactMessageInput) input: ContactMessageInput,
    @Ctx() ctx: Context,
  ): Promise<SendContactMessagePayload> {
    const result = (await checkClientLimits(this.rateLimiter, this.rateLimits.contact, ctx)) ?? (await this.contact.send(input));
    return toPayload(result, () => ({ sent: true }), { sent: false });
  }

  @Authorized()
  @Query(() => [ContactMessage], {
    description: 'Messages sent through the contact form, newest first (at most 200); `answered: false` for those waiting.',
  })
  contactMessages(@Arg('answered', () => Boolean, { nullable: true }) answered?: boolean | null): Promise<ContactMessage[]> {
    return this.contact.list(answered);
  }

  @Authorized()
  @Query(() => Int, { description: 'How many contact messages wait for an answer.' })
  contactMessagesWaiting(): Promise<number> {
    return this.contact.waiting();
  }

  @Authorized()
  @Mutation(() => ContactMessagePayload, { description: 'Marks a contact message answered (by the signed-in admin).' })
  async markContactMessageAnswered(
    @Arg('id', () => ID) id: string,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<ContactMessagePayload> {
    const result = await this.contact.markAnswered(id, admin.email);
    return toPayload(result, (message) => ({ message }), { message: null });
  }
}
