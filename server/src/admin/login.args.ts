import { IsNotEmpty } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { rule } from '../common/input-validation';

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
  @Field(() => String)
  email: string;

  @IsNotEmpty(rule(LOGIN_MESSAGES.missing, 0, null))
  @Field(() => String)
  password: string;
}
