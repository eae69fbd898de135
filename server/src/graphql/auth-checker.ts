/**
 * Who may call what. `@Authorized()` lets any signed-in admin through; `@OwnerOnly()` only an
 * OWNER. A caller who is not signed in is refused UNAUTHENTICATED (sign in, then try again); a
 * signed-in admin whose role does not allow the action is refused FORBIDDEN (signing in again
 * would not help), with a sentence that says so.
 */
import { GraphQLError } from 'graphql';
import { AuthenticationError, Authorized, type ResolverData } from 'type-graphql';
import { AdminRole, isAdminRole } from '../admin/admin-role';
import type { Context } from './context';

export const FORBIDDEN_MESSAGE = 'Only an owner of the shop can do this.';

export class ForbiddenError extends GraphQLError {
  constructor(message = FORBIDDEN_MESSAGE) {
    super(message, { extensions: { code: 'FORBIDDEN' } });
  }
}

export async function authChecker({ context }: ResolverData<Context>, roles: string[]): Promise<boolean> {
  const admin = await context.admin();
  if (!admin) throw new AuthenticationError();
  if (roles.length > 0 && !roles.some((role) => isAdminRole(role) && role === admin.role)) throw new ForbiddenError();
  return true;
}

/** Only an OWNER: money, the team, the customer list. */
export function OwnerOnly(): ReturnType<typeof Authorized> {
  return Authorized(AdminRole.OWNER);
}

/** Whether the admin may do what only an owner may: for routes outside GraphQL (the CSV export). */
export function isOwner(admin: { role: AdminRole }): boolean {
  return admin.role === AdminRole.OWNER;
}
