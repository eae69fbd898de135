import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdminRole } from './admin-role';
import { AdminUser } from './admin-user.entity';

/**
 * An invitation to become an admin: a one-time link (only the sha256 of its 256-bit token is
 * kept) that lets the invitee choose a password, until it is used or expires.
 */
@Entity({ name: 'admin_invitations' })
@Check('admin_invitations_role_check', `"role" IN ('OWNER', 'STUDIO')`)
export class AdminInvitation {
  @PrimaryColumn('uuid')
  id: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The role the invitee gets on accepting. */
  @Column({ type: 'varchar', length: 16 })
  role: AdminRole;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true, select: false })
  tokenHash: string;

  /** Null once the inviting admin's account is gone. */
  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy: string | null;

  @ManyToOne(() => AdminUser, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'admin_invitations_invited_by_fkey' })
  inviter?: AdminUser;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', precision: 3, nullable: true })
  acceptedAt: Date | null;

  /** Set when an admin revokes it, or when the admin who sent it is disabled. */
  @Column({ name: 'revoked_at', type: 'timestamptz', precision: 3, nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
