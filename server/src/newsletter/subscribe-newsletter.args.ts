import { ArgsType, Field } from 'type-graphql';
import { IsEmailAddress, rule } from '../common/input-validation';

export const NEWSLETTER_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** A newsletter sign-up; the rules see the address trimmed and lower-cased (newsletter.service.ts). */
@ArgsType()
export class SubscribeNewsletterArgs {
  @IsEmailAddress(rule(NEWSLETTER_EMAIL_MESSAGE))
  @Field(() => String)
  email: string;
}
