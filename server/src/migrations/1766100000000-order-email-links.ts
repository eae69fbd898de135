import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mails about an order carry one link: its e-mailed token, at most one live per order.
 * Tokens written before stay live (they are in parents' mailboxes) as browser tokens.
 */
export class OrderEmailLinks1766100000000 implements MigrationInterface {
  name = 'OrderEmailLinks1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_access_tokens" ADD "emailed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "order_access_tokens_one_emailed_idx" ON "order_access_tokens" ("order_id") WHERE "emailed" AND "revoked_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "order_access_tokens_one_emailed_idx"`);
    await queryRunner.query(`ALTER TABLE "order_access_tokens" DROP COLUMN "emailed"`);
  }
}
