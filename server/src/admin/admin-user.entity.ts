import { Field, ID, ObjectType } from 'type-graphql';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { AdminRole } from './admin-role';

@ObjectType('AdminUser', { description: 'A member of staff who runs orders.' })
@Entity({ name: 'admin_users' })
@Check('admin_users_role_check', `"role" IN ('OWNER', 'STUDIO')`)
export class AdminUser {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  /** Lower-cased. */
  @Field()
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Field(() => AdminRole)
  @Column({ type: 'varchar', length: 16, default: AdminRole.OWNER })
  role: AdminRole;

  /** scrypt$N$r$p$salt$hash, see password.ts. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'The last sign-in; null when the admin has never signed in.' })
  @Column({ name: 'last_login_at', type: 'timestamptz', precision: 3, nullable: true })
  lastLoginAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'Set while the admin is disabled: signed out and refused at sign-in.' })
  @Column({ name: 'disabled_at', type: 'timestamptz', precision: 3, nullable: true })
  disabledAt: Date | null;
}
