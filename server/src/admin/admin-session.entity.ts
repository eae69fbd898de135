import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdminUser } from './admin-user.entity';

/** A signed-in admin. Only a hash of the cookie's token is kept, so a leaked table signs nobody in. */
@Entity({ name: 'admin_sessions' })
export class AdminSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'admin_user_id', type: 'uuid' })
  adminUserId: string;

  @ManyToOne(() => AdminUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_user_id', foreignKeyConstraintName: 'admin_sessions_user_fkey' })
  adminUser?: AdminUser;

  @Index('admin_sessions_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Index('admin_sessions_expires_idx')
  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;
}
