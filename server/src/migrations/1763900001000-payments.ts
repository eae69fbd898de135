import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Provider events already handled (webhook idempotency), and the offline sandbox's payments. */
export class Payments1763900001000 implements MigrationInterface {
  name = 'Payments1763900001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "payment_events" (
        "id" varchar(255) NOT NULL,
        "provider" varchar(32) NOT NULL,
        "type" varchar(100) NOT NULL,
        "order_id" uuid,
        "received_at" timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "sandbox_payments" (
        "id" varchar(64) NOT NULL,
        "order_id" uuid NOT NULL,
        "amount_cents" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "status" varchar(32) NOT NULL,
        "amount_received_cents" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT "sandbox_payments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "sandbox_payments_order_key" UNIQUE ("order_id"),
        CONSTRAINT "sandbox_payments_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_payments"`);
    await queryRunner.query(`DROP TABLE "payment_events"`);
  }
}
