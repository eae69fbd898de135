import { Arg, Args, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { checkClientLimits, type ClientRateLimits } from '../abuse/rate-limit-rules';
import type { RateLimiter } from '../abuse/rate-limiter';
import { UserError } from '../common/user-error';
import type { Context } from '../graphql/context';
import { OwnerOnly } from '../graphql/auth-checker';
import { CurrentAdmin } from '../graphql/current-admin';
import { toPayload } from '../graphql/payload';
import {
  AcceptAdminInvitationArgs,
  AdminIdArgs,
  ChangePasswordArgs,
  InvitationIdArgs,
  InviteAdminArgs,
  SetAdminRoleArgs,
} from '../admin/admin-accounts.args';
import type { AdminAccountsService } from '../admin/admin-accounts.service';
import { AdminRole } from '../admin/admin-role';
import { AdminUser } from '../admin/admin-user.entity';
import type { SessionCookie } from '../admin/session-cookie';

@ObjectType({
  description: 'A new invitation. The link carries a one-time secret: it is shown this once and e-mailed to the invitee.',
})
export class AdminInvitationCreated {
  @Field()
  email: string;

  @Field()
  expiresAt: Date;

  @Field(() => AdminRole)
  role: AdminRole;

  @Field()
  link: string;
}

@ObjectType()
export class InviteAdminPayload {
  @Field(() => AdminInvitationCreated, { nullable: true })
  invitation: AdminInvitationCreated | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType()
export class AdminUserPayload {
  @Field(() => AdminUser, { nullable: true })
  admin: AdminUser | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@ObjectType({ description: 'An invitation that can still be used: who it is for.' })
export class AdminInvitationPreview {
  @Field()
  email: string;
}

@ObjectType({ description: 'An invitation that has not been accepted yet and can still be: who it is for, and who sent it.' })
export class PendingAdminInvitation {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field()
  createdAt: Date;

  @Field()
  expiresAt: Date;

  @Field({ description: "The inviting admin's e-mail address. The invitation stops working if they are disabled." })
  invitedBy: string;

  @Field(() => AdminRole, { description: 'The role the invitee gets on accepting.' })
  role: AdminRole;
}

@ObjectType()
export class RevokeAdminInvitationPayload {
  @Field(() => ID, { nullable: true, description: 'The revoked invitation; null when refused.' })
  invitationId: string | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@Resolver()
export class AdminAccountsResolver {
  private readonly accounts: AdminAccountsService;
  private readonly cookie: SessionCookie;
  private readonly rateLimiter: RateLimiter;
  private readonly rateLimits: ClientRateLimits;

  constructor(services: {
    admins: AdminAccountsService;
    cookie: SessionCookie;
    rateLimiter: RateLimiter;
    rateLimits: ClientRateLimits;
  }) {
    this.accounts = services.admins;
    this.cookie = services.cookie;
    this.rateLimiter = services.rateLimiter;
    this.rateLimits = services.rateLimits;
  }

  @Authorized()
  @Query(() => [AdminUser], { description: 'Every admin, oldest first.' })
  admins(): Promise<AdminUser[]> {
    return this.accounts.listAdmins();
  }

  @OwnerOnly()
  @Query(() => [PendingAdminInvitation], { description: 'The invitations that can still be accepted, newest first.' })
  adminInvitations(): Promise<PendingAdminInvitation[]> {
    return this.accounts.pendingInvitations();
  }

  @Query(() => AdminInvitationPreview, { nullable: true, description: 'An unused, unexpired invitation, or null.' })
  async adminInvitation(@Arg('token', () => String) token: string): Promise<AdminInvitationPreview | null> {
    const email = await this.accounts.invitationEmail(token);
    return email ? { email } : null;
  }

  @OwnerOnly()
  @Mutation(() => InviteAdminPayload, {
    description: 'Invites someone to be an admin: e-mails a one-time link to choose a password.',
  })
  async inviteAdmin(
    @Args(() => InviteAdminArgs) { email, role }: InviteAdminArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<InviteAdminPayload> {
    return toPayload(await this.accounts.inviteAdmin(admin, email, role), (invitation) => ({ invitation }), {
      invitation: null,
    });
  }

  @OwnerOnly()
  @Mutation(() => RevokeAdminInvitationPayload, {
    description: "Stops an invitation's link from working. Revoking one that has expired or was revoked changes nothing.",
  })
  async revokeAdminInvitation(
    @Args(() => InvitationIdArgs) { invitationId }: InvitationIdArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<RevokeAdminInvitationPayload> {
    return toPayload(await this.accounts.revokeInvitation(admin, invitationId), (value) => ({ invitationId: value.id }), {
      invitationId: null,
    });
  }

  @Mutation(() => AdminUserPayload, { description: "Sets the invitee's password, creates the admin and signs them in." })
  async acceptAdminInvitation(
    @Args(() => AcceptAdminInvitationArgs) { token, password }: AcceptAdminInvitationArgs,
    @Ctx() ctx: Context,
  ): Promise<AdminUserPayload> {
    const result =
      (await checkClientLimits(this.rateLimiter, [this.rateLimits.adminInvitations], ctx)) ??
      (await this.accounts.acceptInvitation(token, password));
    if (result.ok) this.cookie.set(ctx.res, result.value.token, result.value.expiresAt);
    return toPayload(result, ({ admin }) => ({ admin }), { admin: null });
  }

  @OwnerOnly()
  @Mutation(() => AdminUserPayload, {
    description: 'Signs an admin out everywhere and refuses their sign-in until enabled again.',
  })
  async disableAdmin(
    @Args(() => AdminIdArgs) { adminId }: AdminIdArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<AdminUserPayload> {
    return toPayload(await this.accounts.disableAdmin(admin, adminId), (value) => ({ admin: value }), { admin: null });
  }

  @OwnerOnly()
  @Mutation(() => AdminUserPayload, { description: 'Lets a disabled admin sign in again.' })
  async enableAdmin(
    @Args(() => AdminIdArgs) { adminId }: AdminIdArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<AdminUserPayload> {
    return toPayload(await this.accounts.enableAdmin(admin, adminId), (value) => ({ admin: value }), { admin: null });
  }

  @OwnerOnly()
  @Mutation(() => AdminUserPayload, {
    description: 'Owners only. Gives an admin another role. The shop always keeps at least one active owner.',
  })
  async setAdminRole(
    @Args(() => SetAdminRoleArgs) { adminId, role }: SetAdminRoleArgs,
    @CurrentAdmin() admin: AdminUser,
  ): Promise<AdminUserPayload> {
    return toPayload(await this.accounts.setAdminRole(admin, adminId, role), (value) => ({ admin: value }), { admin: null });
  }

  @Authorized()
  @Mutation(() => AdminUserPayload, { description: "Changes the signed-in admin's password and ends their other sessions." })
  async changePassword(
    @Args(() => ChangePasswordArgs) { currentPassword, newPassword }: ChangePasswordArgs,
    @CurrentAdmin() admin: AdminUser,
    @Ctx() ctx: Context,
  ): Promise<AdminUserPayload> {
    const token = this.cookie.read(ctx.req) ?? '';
    return toPayload(
      await this.accounts.changePassword(admin, token, currentPassword, newPassword),
      (value) => ({ admin: value }),
      { admin: null },
    );
  }
}
