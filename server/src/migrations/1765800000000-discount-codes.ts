import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discount codes owners create, and the code an order carries. A code is never deleted, only
 * disabled, so every order keeps the code it was sold with. An order holds a use of its code
 * while it waits for payment and keeps it once paid; an order cancelled unpaid holds none.
 */
export class DiscountCodes1765800000000 implements MigrationInterface {
  name = 'DiscountCodes1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "discount_codes" (
        "id" uuid NOT NULL,
        "code" varchar(32) NOT NULL,
        "percent_off" smallint,
        "amount_off_cents" integer,
        "minimum_cents" integer NOT NULL DEFAULT 0,
        "max_uses" integer,
        "expires_at" TIMESTAMP(3) WITH TIME ZONE,
        "disabled_at" TIMESTAMP(3) WITH TIME ZONE,
        "created_by_id" uuid,
        "created_by_email" varchar(254) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "discount_codes_code_key" UNIQUE ("code"),
        CONSTRAINT "discount_codes_created_by_fkey" FOREIGN KEY ("created_by_id") REFERENCES "admin_users"("id") ON DELETE SET NULL,
        CONSTRAINT "discount_codes_kind_check" CHECK (("percent_off" IS NULL) <> ("amount_off_cents" IS NULL)),
        CONSTRAINT "discount_codes_percent_check" CHECK ("percent_off" BETWEEN 1 AND 90),
        CONSTRAINT "discount_codes_amount_check" CHECK ("amount_off_cents" > 0),
        CONSTRAINT "discount_codes_minimum_check" CHECK ("minimum_cents" >= 0),
        CONSTRAINT "discount_codes_max_uses_check" CHECK ("max_uses" > 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "order_discounts" (
        "order_id" uuid NOT NULL,
        "discount_code_id" uuid NOT NULL,
        "code" varchar(32) NOT NULL,
        "amount_cents" integer NOT NULL,
        "applied_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "order_discounts_pkey" PRIMARY KEY ("order_id"),
        CONSTRAINT "order_discounts_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "order_discounts_code_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id") ON DELETE RESTRICT,
        CONSTRAINT "order_discounts_amount_check" CHECK ("amount_cents" > 0)
      )`);
    await queryRunner.query(`CREATE INDEX "order_discounts_code_idx" ON "order_discounts" ("discount_code_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_discounts"`);
    await queryRunner.query(`DROP TABLE "discount_codes"`);
  }
}
