import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@ObjectType('AdminUser', { description: 'A member of staff who runs orders.' })
@Entity({ name: 'admin_users' })
export class AdminUser {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  /** Lower-cased. */
  @Field()
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  /** scrypt$N$r$p$salt$hash, see password.ts. */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', precision: 3, nullable: true })
  lastLoginAt: Date | null;
}
