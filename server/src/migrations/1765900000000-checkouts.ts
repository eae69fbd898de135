import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several books in one checkout: each book stays its own order, and the books added to a first
 * order name it in `checkout_id` (so does the first order itself). One payment pays them all, so
 * a payment id is no longer unique to one order; it stays unique to one checkout, which the
 * payment service checks against the provider's own record of the payment. Each book's share is
 * refunded on its own, so the one open refund request is per book of a payment.
 */
export class Checkouts1765900000000 implements MigrationInterface {
  name = 'Checkouts1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "checkout_id" uuid`);
    await queryRunner.query(`CREATE INDEX "orders_checkout_idx" ON "orders" ("checkout_id") WHERE "checkout_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_id_key"`);
    await queryRunner.query(`CREATE INDEX "orders_payment_id_idx" ON "orders" ("payment_id") WHERE "payment_id" IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "refunds_one_open_request_idx"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refunds_one_open_request_idx" ON "refunds" ("payment_id", "order_id") WHERE "status" IN ('requested', 'unconfirmed')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "refunds_one_open_request_idx"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refunds_one_open_request_idx" ON "refunds" ("payment_id") WHERE "status" IN ('requested', 'unconfirmed')`,
    );
    await queryRunner.query(`DROP INDEX "orders_payment_id_idx"`);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_key" UNIQUE ("payment_id")`);
    await queryRunner.query(`DROP INDEX "orders_checkout_idx"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "checkout_id"`);
  }
}
