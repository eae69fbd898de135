import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every payment the shop started at a provider, for which order. A PayPal order can be created
 * in the browser with the shop's public client id, paying someone else: only the ones the shop
 * created itself are believed.
 */
export class PaymentAttempts1765700000000 implements MigrationInterface {
  name = 'PaymentAttempts1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "payment_attempts" (
        "provider" varchar(16) NOT NULL,
        "payment_id" varchar(255) NOT NULL,
        "order_id" uuid NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "payment_attempts_pkey" PRIMARY KEY ("provider", "payment_id"),
        CONSTRAINT "payment_attempts_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" ("order_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_attempts"`);
  }
}
