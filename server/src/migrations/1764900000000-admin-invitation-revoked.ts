import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An invitation can be revoked: by an admin from the portal, and by the shop when the admin who
 * sent it is disabled (an invitation never outlives its inviter's access).
 */
export class AdminInvitationRevoked1764900000000 implements MigrationInterface {
  name = 'AdminInvitationRevoked1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_invitations" ADD "revoked_at" TIMESTAMP(3) WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_invitations" DROP COLUMN "revoked_at"`);
  }
}
