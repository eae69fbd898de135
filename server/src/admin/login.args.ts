import { IsNotEmpty } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../common/email';
import { ArgsType, Field } from 'type-graphql';
import { MaxChars, rule } from '../common/input-validation';

/** Longer than any password the shop sets; hashing megabytes would cost the server, not the guesser. */
export const PASSWORD_MAX_LENGTH = 1024;

export const LOGIN_MESSAGES = {
  missing: 'Please enter both email and password',
  invalid: 'Invalid email or password',
  tooMany: 'Too many login attempts. Please wait 15 minutes and try again.',
} as const;

/** An admin's sign-in; the rules see the e-mail trimmed and lower-cased (auth.service.ts). */
@ArgsType()
export class LoginArgs {
  // The spec's one message for both fields, so it names neither.
  @IsNotEmpty(rule(LOGIN_MESSAGES.missing, 0, null))
  // No admin has a longer address: the same answer as a wrong one, without asking the database.
  @MaxChars(EMAIL_MAX_LENGTH, rule(LOGIN_MESSAGES.invalid, 1, null))
  @Field(() => String)
  email: string;

  @IsNotEmpty(rule(LOGIN_MESSAGES.missing, 0, null))
  @MaxChars(PASSWORD_MAX_LENGTH, rule(LOGIN_MESSAGES.invalid, 1, null))
  @Field(() => String)
  password: string;
}
