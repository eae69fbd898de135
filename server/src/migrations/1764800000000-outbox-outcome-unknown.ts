import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks an outbox e-mail whose last send got no answer (a timeout or a dropped connection after
 * the request went out): the provider may have accepted it, so the next attempt asks the
 * provider first instead of sending a second copy.
 */
export class OutboxOutcomeUnknown1764800000000 implements MigrationInterface {
  name = 'OutboxOutcomeUnknown1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "outcome_unknown" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "outcome_unknown"`);
  }
}
