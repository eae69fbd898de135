import { IsNotEmpty, MinLength } from 'class-validator';
import { ArgsType, Field, ID } from 'type-graphql';
import { AdminRole } from './admin-role';
import { IsEmailAddress, rule } from '../common/input-validation';
import { MIN_PASSWORD_LENGTH } from '../common/password-length';

export const ADMIN_ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address',
  alreadyAdmin: 'An admin with this email address already exists.',
  passwordTooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  currentPassword: 'Please enter your current password.',
  wrongCurrentPassword: 'Your current password is not correct.',
  invitationInvalid: 'This invitation link has expired, was withdrawn or has already been used. Ask an admin for a new one.',
  notFound: 'No admin with this id exists.',
  disableSelf: 'You cannot disable your own account.',
  lastOwner: 'The shop needs at least one active owner: make another admin an owner first.',
  invitationNotFound: 'No invitation with this id exists.',
  invitationAccepted: 'This invitation has already been accepted. Disable the admin instead.',
} as const;

/** An admin invites someone by e-mail (trimmed and lower-cased before the rules run). */
@ArgsType()
export class InviteAdminArgs {
  @IsEmailAddress(rule(ADMIN_ACCOUNT_MESSAGES.email))
  @Field(() => String)
  email: string;

  @Field(() => AdminRole, {
    defaultValue: AdminRole.STUDIO,
    description: 'What the new admin may do; STUDIO unless said otherwise.',
  })
  role: AdminRole;
}

/** The invitee chooses a password. The token is checked by the service, not here. */
@ArgsType()
export class AcceptAdminInvitationArgs {
  @Field(() => String)
  token: string;

  @MinLength(MIN_PASSWORD_LENGTH, rule(ADMIN_ACCOUNT_MESSAGES.passwordTooShort))
  @Field(() => String)
  password: string;
}

@ArgsType()
export class ChangePasswordArgs {
  @IsNotEmpty(rule(ADMIN_ACCOUNT_MESSAGES.currentPassword))
  @Field(() => String)
  currentPassword: string;

  @MinLength(MIN_PASSWORD_LENGTH, rule(ADMIN_ACCOUNT_MESSAGES.passwordTooShort))
  @Field(() => String)
  newPassword: string;
}

@ArgsType()
export class AdminIdArgs {
  @Field(() => ID)
  adminId: string;
}

@ArgsType()
export class InvitationIdArgs {
  @Field(() => ID)
  invitationId: string;
}

@ArgsType()
export class SetAdminRoleArgs {
  @Field(() => ID)
  adminId: string;

  @Field(() => AdminRole)
  role: AdminRole;
}
