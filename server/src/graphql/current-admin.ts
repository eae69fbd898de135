import { AuthenticationError, createParameterDecorator } from 'type-graphql';
import type { AdminUser } from '../admin/admin-user.entity';
import type { Context } from './context';

/**
 * The signed-in admin as a resolver parameter: `@CurrentAdmin() admin: AdminUser`. Goes with
 * `@Authorized()`, which has already turned anonymous callers away; should one get this far,
 * it is refused the same way rather than handed a null.
 */
export function CurrentAdmin() {
  return createParameterDecorator<Context>(async ({ context }): Promise<AdminUser> => {
    const admin = await context.admin();
    if (!admin) throw new AuthenticationError();
    return admin;
  });
}
