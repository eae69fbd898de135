import { Args, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { toPayload } from '../graphql/payload';
import type { Context } from '../graphql/context';
import { UserError } from '../common/user-error';
import { AdminUser } from '../admin/admin-user.entity';
import type { AuthService } from '../admin/auth.service';
import { LoginArgs } from '../admin/login.args';
import type { SessionCookie } from '../admin/session-cookie';

@ObjectType()
export class LoginPayload {
  @Field(() => AdminUser, { nullable: true })
  admin: AdminUser | null;

  @Field(() => [UserError])
  userErrors: UserError[];
}

@Resolver()
export class AuthResolver {
  private readonly auth: AuthService;
  private readonly cookie: SessionCookie;

  constructor(services: { auth: AuthService; cookie: SessionCookie }) {
    this.auth = services.auth;
    this.cookie = services.cookie;
  }

  @Query(() => AdminUser, { nullable: true, description: 'The signed-in admin, or null.' })
  me(@Ctx() ctx: Context): Promise<AdminUser | null> {
    return ctx.admin();
  }

  @Mutation(() => LoginPayload, { description: 'Signs an admin in and sets the session cookie.' })
  async login(@Args(() => LoginArgs) { email, password }: LoginArgs, @Ctx() ctx: Context): Promise<LoginPayload> {
    const result = await this.auth.login(email, password, ctx.req.ip ?? 'unknown');
    if (result.ok) this.cookie.set(ctx.res, result.value.token, result.value.expiresAt);
    return toPayload(result, ({ admin }) => ({ admin }), { admin: null });
  }

  @Mutation(() => Boolean, { description: 'Ends the current session on the server and clears the cookie.' })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await this.auth.logout(this.cookie.read(ctx.req));
    this.cookie.clear(ctx.res);
    return true;
  }
}
