/**
 * Admins run from the portal: the list, invitations (a one-time link, stored as a hash, that
 * lets the invitee choose a password and signs them in), disabling and re-enabling an admin,
 * and changing one's own password. Sign-in itself stays in AuthService.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, IsNull, Not } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { randomToken, sha256Hex } from '../common/tokens';
import { type Outcome, refusalOf, refuse, succeed, UserErrorCode, UserFacingError, refusal } from '../common/user-error';
import { isUuid } from '../common/uuid';
import type { OutboxService } from '../mail/outbox.service';
import { adminInvitationOutboxEmail } from '../mail/templates/admin-invitation';
import {
  AcceptAdminInvitationArgs,
  ADMIN_ACCOUNT_MESSAGES as M,
  ChangePasswordArgs,
  InviteAdminArgs,
} from './admin-accounts.args';
import { AdminInvitation } from './admin-invitation.entity';
import { AdminRole } from './admin-role';
import { AdminSession } from './admin-session.entity';
import { AdminUser } from './admin-user.entity';
import type { AuthService, SignedIn } from './auth.service';
import { hashPassword, verifyPassword } from './password';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 72 * 3600_000;

export interface CreatedInvitation {
  email: string;
  role: AdminRole;
  expiresAt: Date;
  /** The link with the token: shown once to the inviting admin, and e-mailed to the invitee. */
  link: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  /** The inviting admin's e-mail address. */
  invitedBy: string;
  /** The role the invitee gets. */
  role: AdminRole;
}

export class AdminAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly outbox: OutboxService,
    private readonly logger: Logger,
    private readonly options: { publicUrl: string; invitationTtlMs?: number },
  ) {}

  /** Every admin, oldest first. */
  listAdmins(): Promise<AdminUser[]> {
    return this.dataSource.getRepository(AdminUser).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async inviteAdmin(inviter: AdminUser, emailInput: string, role: AdminRole): Promise<Outcome<CreatedInvitation>> {
    const email = emailInput.trim().toLowerCase();
    const invalid = firstInputError(Object.assign(new InviteAdminArgs(), { email, role }));
    if (invalid) return refusal(invalid);
    if (await this.dataSource.getRepository(AdminUser).existsBy({ email })) {
      return refuse(UserErrorCode.INVALID_INPUT, M.alreadyAdmin, 'email');
    }
    const token = randomToken();
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + (this.options.invitationTtlMs ?? INVITATION_TTL_MS));
    const link = `${this.options.publicUrl}/admin/invite/${token}`;
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(AdminInvitation, { id, email, role, tokenHash: sha256Hex(token), invitedBy: inviter.id, expiresAt });
      await this.outbox.enqueue(
        manager,
        adminInvitationOutboxEmail({ id, email, role, link, invitedBy: inviter.email, expiresAt }),
      );
    });
    this.logger.info('admin invited', { invitationId: id, email, role, by: inviter.id });
    return succeed({ email, role, expiresAt, link });
  }

  /** The e-mail an unused, unexpired invitation is for; null for any other token. */
  async invitationEmail(token: string): Promise<string | null> {
    if (!token) return null;
    const invitation = await this.dataSource.getRepository(AdminInvitation).findOneBy({ tokenHash: sha256Hex(token) });
    if (!invitation || !usable(invitation)) return null;
    return (await this.inviterActive(this.dataSource.manager, invitation)) ? invitation.email : null;
  }

  /** The invitations that can still be accepted, newest first, with who sent them. */
  async pendingInvitations(): Promise<PendingInvitation[]> {
    const rows = await this.dataSource
      .getRepository(AdminInvitation)
      .createQueryBuilder('i')
      .innerJoinAndSelect('i.inviter', 'inviter', 'inviter.disabledAt IS NULL')
      .where('i.acceptedAt IS NULL AND i.revokedAt IS NULL AND i.expiresAt > now()')
      .orderBy('i.createdAt', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .getMany();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      invitedBy: row.inviter!.email,
      role: row.role,
    }));
  }

  /** Stops an invitation's link from working. Revoking one that is already dead changes nothing; an accepted one is refused. */
  async revokeInvitation(actor: AdminUser, invitationId: string): Promise<Outcome<{ id: string; email: string }>> {
    try {
      const revoked = await this.dataSource.transaction(async (manager) => {
        const invitation = isUuid(invitationId)
          ? await manager.findOne(AdminInvitation, { where: { id: invitationId }, lock: { mode: 'pessimistic_write' } })
          : null;
        if (!invitation) throw new UserFacingError(UserErrorCode.NOT_FOUND, M.invitationNotFound, 'invitationId');
        if (invitation.acceptedAt) throw new UserFacingError(UserErrorCode.NOT_ALLOWED, M.invitationAccepted, 'invitationId');
        if (!invitation.revokedAt) await manager.update(AdminInvitation, { id: invitation.id }, { revokedAt: new Date() });
        return { id: invitation.id, email: invitation.email };
      });
      this.logger.info('admin invitation revoked', { invitationId: revoked.id, by: actor.id });
      return succeed(revoked);
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** An invitation speaks for its inviter: it works only while they are an active admin. */
  private async inviterActive(manager: EntityManager, invitation: AdminInvitation, lock = false): Promise<boolean> {
    if (!invitation.invitedBy) return false;
    // In the acceptance's transaction the inviter's row is share-locked: disabling them waits, or is waited for.
    const inviter = await manager.findOne(AdminUser, {
      where: { id: invitation.invitedBy },
      ...(lock ? { lock: { mode: 'pessimistic_read' as const } } : {}),
    });
    return inviter !== null && inviter.disabledAt === null;
  }

  /** Creates the invitee's admin account with the chosen password and signs them in; the link then stops working. */
  async acceptInvitation(token: string, password: string): Promise<Outcome<SignedIn>> {
    const invalid = firstInputError(Object.assign(new AcceptAdminInvitationArgs(), { token, password }));
    if (invalid) return refusal(invalid);
    // The token is looked up before the password is hashed: a made-up token costs one indexed
    // read, never the hash's memory and CPU. The transaction below checks it again under its lock.
    if ((await this.invitationEmail(token)) === null) return refuse(UserErrorCode.NOT_FOUND, M.invitationInvalid, 'token');
    const passwordHash = await hashPassword(password);
    try {
      const signedIn = await this.dataSource.transaction(async (manager) => {
        const invitation = await manager.findOne(AdminInvitation, {
          where: { tokenHash: sha256Hex(token) },
          lock: { mode: 'pessimistic_write' },
        });
        if (!invitation || !usable(invitation) || !(await this.inviterActive(manager, invitation, true))) {
          throw new UserFacingError(UserErrorCode.NOT_FOUND, M.invitationInvalid, 'token');
        }
        if (await manager.existsBy(AdminUser, { email: invitation.email })) {
          throw new UserFacingError(UserErrorCode.NOT_FOUND, M.invitationInvalid, 'token');
        }
        const admin = manager.create(AdminUser, {
          id: randomUUID(),
          email: invitation.email,
          role: invitation.role,
          passwordHash,
        });
        await manager.insert(AdminUser, admin);
        await manager.update(AdminInvitation, { id: invitation.id }, { acceptedAt: new Date() });
        const session = await this.auth.startSession(manager, admin.id);
        this.logger.info('admin invitation accepted', { invitationId: invitation.id, adminId: admin.id });
        return { admin: (await manager.findOneByOrFail(AdminUser, { id: admin.id })) as AdminUser, ...session };
      });
      return succeed(signedIn);
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** Signs the admin out everywhere and refuses their sign-in, unless it is the caller or the last active owner. */
  async disableAdmin(actor: AdminUser, adminId: string): Promise<Outcome<AdminUser>> {
    if (adminId === actor.id) return refuse(UserErrorCode.NOT_ALLOWED, M.disableSelf, 'adminId');
    try {
      const admin = await this.dataSource.transaction(async (manager) => {
        const owners = await lockActiveOwners(manager);
        const target = await this.findForUpdate(manager, adminId);
        if (target.disabledAt) return target;
        if (target.role === AdminRole.OWNER && owners.filter((id) => id !== target.id).length === 0) {
          throw new UserFacingError(UserErrorCode.NOT_ALLOWED, M.lastOwner, 'adminId');
        }
        const disabledAt = new Date();
        await manager.update(AdminUser, { id: target.id }, { disabledAt });
        await manager.delete(AdminSession, { adminUserId: target.id });
        // What they sent goes with their access; enabling them again does not bring it back.
        await manager.update(
          AdminInvitation,
          { invitedBy: target.id, acceptedAt: IsNull(), revokedAt: IsNull() },
          { revokedAt: disabledAt },
        );
        return Object.assign(target, { disabledAt });
      });
      this.logger.info('admin disabled', { adminId, by: actor.id });
      return succeed(admin);
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** Gives an admin another role; the shop always keeps at least one active owner. */
  async setAdminRole(actor: AdminUser, adminId: string, role: AdminRole): Promise<Outcome<AdminUser>> {
    try {
      const admin = await this.dataSource.transaction(async (manager) => {
        const owners = await lockActiveOwners(manager);
        const target = await this.findForUpdate(manager, adminId);
        if (target.role === role) return target;
        const ownerLeaving = target.role === AdminRole.OWNER && target.disabledAt === null;
        if (ownerLeaving && owners.filter((id) => id !== target.id).length === 0) {
          throw new UserFacingError(UserErrorCode.NOT_ALLOWED, M.lastOwner, 'role');
        }
        await manager.update(AdminUser, { id: target.id }, { role });
        return Object.assign(target, { role });
      });
      this.logger.info('admin role changed', { adminId, role, by: actor.id });
      return succeed(admin);
    } catch (error) {
      return refusalOf(error);
    }
  }

  async enableAdmin(actor: AdminUser, adminId: string): Promise<Outcome<AdminUser>> {
    try {
      const admin = await this.dataSource.transaction(async (manager) => {
        const target = await this.findForUpdate(manager, adminId);
        if (!target.disabledAt) return target;
        await manager.update(AdminUser, { id: target.id }, { disabledAt: null });
        return Object.assign(target, { disabledAt: null });
      });
      this.logger.info('admin enabled', { adminId, by: actor.id });
      return succeed(admin);
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** Checks the current password, sets the new one and ends every other session of this admin; `sessionToken`'s stays. */
  async changePassword(
    admin: AdminUser,
    sessionToken: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<Outcome<AdminUser>> {
    const invalid = firstInputError(Object.assign(new ChangePasswordArgs(), { currentPassword, newPassword }));
    if (invalid) return refusal(invalid);
    const stored = await this.dataSource
      .getRepository(AdminUser)
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('a.id = :id', { id: admin.id })
      .getOneOrFail();
    if (!(await verifyPassword(currentPassword, stored.passwordHash))) {
      this.logger.warn('password change refused: wrong current password', { adminId: admin.id });
      return refuse(UserErrorCode.INVALID_CREDENTIALS, M.wrongCurrentPassword, 'currentPassword');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(AdminUser, { id: admin.id }, { passwordHash });
      await manager.delete(AdminSession, { adminUserId: admin.id, tokenHash: Not(this.auth.sessionTokenHash(sessionToken)) });
    });
    this.logger.info('admin password changed; other sessions ended', { adminId: admin.id });
    return succeed(admin);
  }

  private async findForUpdate(manager: EntityManager, adminId: string): Promise<AdminUser> {
    const target = isUuid(adminId)
      ? await manager.findOne(AdminUser, { where: { id: adminId }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!target) throw new UserFacingError(UserErrorCode.NOT_FOUND, M.notFound, 'adminId');
    return target;
  }
}

/**
 * Locks the active owners' rows and answers their ids: two owners demoting or disabling each
 * other at once cannot leave the shop without one, as the second waits and then sees the first.
 */
async function lockActiveOwners(manager: EntityManager): Promise<string[]> {
  const owners = await manager.find(AdminUser, {
    where: { disabledAt: IsNull(), role: AdminRole.OWNER },
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
  return owners.map((owner) => owner.id);
}

function usable(invitation: AdminInvitation): boolean {
  return invitation.acceptedAt === null && invitation.revokedAt === null && invitation.expiresAt.getTime() > Date.now();
}
