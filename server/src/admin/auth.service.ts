/**
 * Admin sign-in: password check, rate limiting per e-mail and per address, and sessions kept
 * in Postgres (only a keyed hash of the cookie's token), so they survive restarts and work
 * across instances.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, LessThan, MoreThan } from 'typeorm';
import { firstInputError } from '../common/input-validation';
import type { Logger } from '../common/logger';
import { isEmailAddress } from '../common/email';
import { hmacHex, randomToken } from '../common/tokens';
import { type Outcome, refuse, succeed, UserErrorCode, refusal } from '../common/user-error';
import { AdminSession } from './admin-session.entity';
import { AdminRole } from './admin-role';
import { AdminUser } from './admin-user.entity';
import { LoginAttempt } from './login-attempt.entity';
import { LOGIN_MESSAGES, LoginArgs } from './login.args';
import { MIN_PASSWORD_LENGTH } from '../common/password-length';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';

export interface RateLimits {
  windowMs: number;
  perEmail: number;
  perAddress: number;
}

export const DISABLED_MESSAGE = 'This admin account is disabled. Ask another admin to enable it.';

export const DEFAULT_RATE_LIMITS: RateLimits = { windowMs: 15 * 60_000, perEmail: 5, perAddress: 20 };

/** A signed-in admin and the session the cookie will carry. */
export interface SignedIn {
  admin: AdminUser;
  token: string;
  expiresAt: Date;
}

export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessionSecret: string,
    private readonly sessionTtlMs: number,
    private readonly logger: Logger,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {}

  private tokenHash(token: string): string {
    return hmacHex(this.sessionSecret, token);
  }

  async login(emailInput: string, password: string, ip: string): Promise<Outcome<SignedIn>> {
    const email = emailInput.trim().toLowerCase();
    const invalid = firstInputError(Object.assign(new LoginArgs(), { email, password }));
    if (invalid) return refusal(invalid);

    // The attempt is written before the password is checked and counted with it, so parallel
    // guesses see each other: at most `perEmail` of them ever reach the password check.
    const attempts = this.dataSource.getRepository(LoginAttempt);
    const attemptId = randomUUID();
    await attempts.insert({ id: attemptId, email, ip, succeeded: false });
    const since = new Date(Date.now() - this.limits.windowMs);
    const byEmail = await attempts.countBy({ email, succeeded: false, createdAt: MoreThan(since) });
    const byAddress = await attempts.countBy({ ip, succeeded: false, createdAt: MoreThan(since) });
    if (byEmail > this.limits.perEmail || byAddress > this.limits.perAddress) {
      // A refused attempt does not extend the lock-out: it ends 15 minutes after the last real guess.
      await attempts.delete({ id: attemptId });
      this.logger.warn('login rate-limited', { email, ip, byEmail, byAddress });
      return refuse(UserErrorCode.RATE_LIMITED, LOGIN_MESSAGES.tooMany);
    }

    const admin = await this.dataSource
      .getRepository(AdminUser)
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('a.email = :email', { email })
      .getOne();
    const valid = await verifyPassword(password, admin?.passwordHash ?? (await dummyPasswordHash()));
    if (!admin || !valid) {
      this.logger.warn('login failed', { email, ip });
      return refuse(UserErrorCode.INVALID_CREDENTIALS, LOGIN_MESSAGES.invalid);
    }

    if (admin.disabledAt) {
      // Only after the right password, so the message tells a guesser nothing.
      this.logger.warn('disabled admin refused at sign-in', { adminId: admin.id, ip });
      return refuse(UserErrorCode.NOT_ALLOWED, DISABLED_MESSAGE);
    }

    // A hash from before the current cost is replaced now, while the password is at hand.
    const upgradedHash = needsRehash(admin.passwordHash) ? await hashPassword(password) : undefined;
    const signedIn = await this.dataSource.transaction(async (manager) => {
      if (upgradedHash) {
        // Only if no one set a new password meanwhile.
        await manager.update(AdminUser, { id: admin.id, passwordHash: admin.passwordHash }, { passwordHash: upgradedHash });
      }
      const session = await this.startSession(manager, admin.id);
      await manager.update(LoginAttempt, { id: attemptId }, { succeeded: true });
      // Old attempts have served their purpose; keep the table small.
      await manager.delete(LoginAttempt, { createdAt: LessThan(new Date(Date.now() - 24 * 3600_000)) });
      return session;
    });
    this.logger.info('admin signed in', { adminId: admin.id, ip });
    const { passwordHash: _omit, ...publicAdmin } = admin;
    return succeed({ admin: publicAdmin as AdminUser, ...signedIn });
  }

  /** A new session for an admin, inside the caller's transaction (sign-in, an accepted invitation). */
  async startSession(manager: EntityManager, adminId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.sessionTtlMs);
    await manager.delete(AdminSession, { adminUserId: adminId, expiresAt: LessThan(new Date()) });
    await manager.insert(AdminSession, { id: randomUUID(), adminUserId: adminId, tokenHash: this.tokenHash(token), expiresAt });
    await manager.update(AdminUser, { id: adminId }, { lastLoginAt: new Date() });
    return { token, expiresAt };
  }

  /** The stored form of a session token, to tell the current session from the others. */
  sessionTokenHash(token: string): string {
    return this.tokenHash(token);
  }

  /** The admin a session token belongs to, if the session exists and has not expired. */
  async adminForToken(token: string | undefined): Promise<AdminUser | null> {
    if (!token) return null;
    // One query: findOne with a relation asks twice (a DISTINCT for the id, then the row), and
    // this runs on every admin request.
    const session = await this.dataSource
      .getRepository(AdminSession)
      .createQueryBuilder('session')
      .innerJoinAndSelect('session.adminUser', 'admin')
      .where('session.tokenHash = :tokenHash', { tokenHash: this.tokenHash(token) })
      .andWhere('session.expiresAt > :now', { now: new Date() })
      .getOne();
    // A disabled admin's sessions are deleted when it is disabled; this also covers a session begun in that instant.
    return session?.adminUser && !session.adminUser.disabledAt ? session.adminUser : null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.dataSource.getRepository(AdminSession).delete({ tokenHash: this.tokenHash(token) });
  }

  async countAdmins(): Promise<number> {
    return this.dataSource.getRepository(AdminUser).count();
  }

  /**
   * Adds an owner, or sets a new password for an existing e-mail (re-enabling it and making it an
   * owner). Run at the machine (`npm run admin:create`, ADMIN_EMAIL): the way back in when no owner can sign in.
   */
  async upsertAdmin(emailInput: string, password: string): Promise<{ admin: AdminUser; created: boolean }> {
    const email = emailInput.trim().toLowerCase();
    if (!isEmailAddress(email)) throw new Error(`Not an e-mail address: "${emailInput}"`);
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    }
    const passwordHash = await hashPassword(password);
    const repo = this.dataSource.getRepository(AdminUser);
    const existing = await repo.findOneBy({ email });
    if (existing) {
      await this.dataSource.transaction(async (manager) => {
        // Recovery: the new password also re-enables a disabled admin.
        await manager.update(AdminUser, { id: existing.id }, { passwordHash, disabledAt: null, role: AdminRole.OWNER });
        // A new password signs every existing session out.
        await manager.delete(AdminSession, { adminUserId: existing.id });
      });
      return { admin: Object.assign(existing, { role: AdminRole.OWNER }), created: false };
    }
    const admin = repo.create({ id: randomUUID(), email, passwordHash, role: AdminRole.OWNER });
    await repo.insert(admin);
    return { admin, created: true };
  }
}
