import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds: one row per provider refund of an order's money (its own payment or an extra
 * charge), unique by the provider's refund id; and the offline sandbox's own refunds, so it
 * can refuse to refund more than was paid, as a real provider does.
 */
export class Refunds1764200000000 implements MigrationInterface {
  name = 'Refunds1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "refunds" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "provider" varchar(32) NOT NULL,
        "provider_refund_id" varchar(255) NOT NULL,
        "payment_id" varchar(255) NOT NULL,
        "amount_cents" integer NOT NULL,
        "reason" varchar(500),
        "actor" varchar(320) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "refunds_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "refunds_provider_refund_id_key" UNIQUE ("provider_refund_id"),
        CONSTRAINT "refunds_amount_check" CHECK ("amount_cents" > 0),
        CONSTRAINT "refunds_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "refunds_order_idx" ON "refunds" ("order_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "sandbox_refunds" (
        "id" varchar(64) NOT NULL,
        "payment_id" varchar(64) NOT NULL,
        "idempotency_key" varchar(255) NOT NULL,
        "amount_cents" integer NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "sandbox_refunds_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "sandbox_refunds_idempotency_key_key" UNIQUE ("idempotency_key"),
        CONSTRAINT "sandbox_refunds_payment_fkey" FOREIGN KEY ("payment_id") REFERENCES "sandbox_payments"("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_refunds"`);
    await queryRunner.query(`DROP TABLE "refunds"`);
  }
}
