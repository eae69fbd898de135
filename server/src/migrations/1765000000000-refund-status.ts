import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refund's status, as the provider reports it (pending until the money has gone back, then
 * succeeded or failed), and the shop's own request before the provider has answered: a
 * `requested` row is written before the provider is asked, so two refunds of one payment at once
 * send one request; an `unconfirmed` one lost its answer and is looked for at the provider before
 * anything is sent again. At most one of these two per payment (a partial unique index). Rows
 * written before this were refunds the provider had made: `succeeded`.
 */
export class RefundStatus1765000000000 implements MigrationInterface {
  name = 'RefundStatus1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refunds" ADD "status" varchar(16) NOT NULL DEFAULT 'succeeded'`);
    await queryRunner.query(
      `ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("status" IN ('requested', 'unconfirmed', 'pending', 'succeeded', 'failed', 'canceled'))`,
    );
    await queryRunner.query(`ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "refunds" ADD "idempotency_key" varchar(255)`);
    await queryRunner.query(`ALTER TABLE "refunds" ADD "failure_reason" varchar(255)`);
    await queryRunner.query(`ALTER TABLE "refunds" ADD "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refunds_one_open_request_idx" ON "refunds" ("payment_id") WHERE "status" IN ('requested', 'unconfirmed')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "refunds_one_open_request_idx"`);
    await queryRunner.query(`DELETE FROM "refunds" WHERE "provider_refund_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "refunds" DROP COLUMN "updated_at"`);
    await queryRunner.query(`ALTER TABLE "refunds" DROP COLUMN "failure_reason"`);
    await queryRunner.query(`ALTER TABLE "refunds" DROP COLUMN "idempotency_key"`);
    await queryRunner.query(`ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_check"`);
    await queryRunner.query(`ALTER TABLE "refunds" DROP COLUMN "status"`);
  }
}
