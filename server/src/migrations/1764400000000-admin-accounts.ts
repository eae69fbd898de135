import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admins run from the portal: an admin can be disabled (signed out everywhere, refused at
 * sign-in) and re-enabled, and new admins join through an invitation whose one-time token
 * is kept only as its hash.
 */
export class AdminAccounts1764400000000 implements MigrationInterface {
  name = 'AdminAccounts1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_users" ADD "disabled_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`
      CREATE TABLE "admin_invitations" (
        "id" uuid NOT NULL,
        "email" varchar(254) NOT NULL,
        "token_hash" char(64) NOT NULL,
        "invited_by" uuid,
        "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        "accepted_at" TIMESTAMP(3) WITH TIME ZONE,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "admin_invitations_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "admin_invitations_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "admin_invitations_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "admin_users"("id") ON DELETE SET NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_invitations"`);
    await queryRunner.query(`ALTER TABLE "admin_users" DROP COLUMN "disabled_at"`);
  }
}
