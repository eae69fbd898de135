import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff have a role: OWNER (everything) or STUDIO (works orders, no money, team or export).
 * Everyone who was an admin before roles existed could do everything, so they become OWNER, as do
 * their invitations still waiting.
 */
export class AdminRoles1765200000000 implements MigrationInterface {
  name = 'AdminRoles1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_users" ADD "role" character varying(16) NOT NULL DEFAULT 'OWNER'`);
    await queryRunner.query(
      `ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("role" IN ('OWNER', 'STUDIO'))`,
    );
    await queryRunner.query(`ALTER TABLE "admin_invitations" ADD "role" character varying(16) NOT NULL DEFAULT 'OWNER'`);
    await queryRunner.query(`ALTER TABLE "admin_invitations" ALTER COLUMN "role" DROP DEFAULT`);
    await queryRunner.query(
      `ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_role_check" CHECK ("role" IN ('OWNER', 'STUDIO'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_invitations" DROP CONSTRAINT "admin_invitations_role_check"`);
    await queryRunner.query(`ALTER TABLE "admin_invitations" DROP COLUMN "role"`);
    await queryRunner.query(`ALTER TABLE "admin_users" DROP CONSTRAINT "admin_users_role_check"`);
    await queryRunner.query(`ALTER TABLE "admin_users" DROP COLUMN "role"`);
  }
}
