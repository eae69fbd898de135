import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Failed and successful sign-ins, counted per e-mail and per address to slow down guessing. */
@Entity({ name: 'login_attempts' })
@Index('login_attempts_email_idx', ['email', 'createdAt'])
@Index('login_attempts_ip_idx', ['ip', 'createdAt'])
export class LoginAttempt {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'boolean' })
  succeeded: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
