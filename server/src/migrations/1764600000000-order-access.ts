import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The parent's private order page: every order is opened by access tokens (only their sha256
 * kept), revocable by a new one; the one checkout token each order had becomes its first access
 * token. Also the optional dedication, and the parent's right to delete the child's details:
 * the child's name and age may then be blank, and when it happened is kept.
 */
export class OrderAccess1764600000000 implements MigrationInterface {
  name = 'OrderAccess1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "order_access_tokens" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "revoked_at" TIMESTAMP(3) WITH TIME ZONE,
        CONSTRAINT "order_access_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "order_access_tokens_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "order_access_tokens_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "order_access_tokens_order_idx" ON "order_access_tokens" ("order_id")`);
    // Each order's checkout token keeps working: its hash moves over as is. Two orders can only
    // share a hash if one was made by hand; the first keeps it.
    await queryRunner.query(`
      INSERT INTO "order_access_tokens" ("id", "order_id", "token_hash", "created_at")
      SELECT gen_random_uuid(), "id", "checkout_token_hash", "created_at" FROM "orders"
      ON CONFLICT ("token_hash") DO NOTHING`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "checkout_token_hash"`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "dedication" text`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "child_data_deleted_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "child_name" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "child_age" DROP NOT NULL`);
    // "Find my order" looks orders up by address, newest first.
    await queryRunner.query(`CREATE INDEX "orders_email_created_idx" ON "orders" ("email", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "orders_email_created_idx"`);
    await queryRunner.query(`UPDATE "orders" SET "child_name" = '' WHERE "child_name" IS NULL`);
    await queryRunner.query(`UPDATE "orders" SET "child_age" = 2 WHERE "child_age" IS NULL`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "child_age" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "child_name" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "child_data_deleted_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "dedication"`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "checkout_token_hash" char(64)`);
    // The oldest token of each order stands for its checkout token again.
    await queryRunner.query(`
      UPDATE "orders" o SET "checkout_token_hash" = t."token_hash"
        FROM (SELECT DISTINCT ON ("order_id") "order_id", "token_hash" FROM "order_access_tokens"
               ORDER BY "order_id", "created_at") t
       WHERE t."order_id" = o."id"`);
    await queryRunner.query(`UPDATE "orders" SET "checkout_token_hash" = repeat('0', 64) WHERE "checkout_token_hash" IS NULL`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "checkout_token_hash" SET NOT NULL`);
    await queryRunner.query(`DROP TABLE "order_access_tokens"`);
  }
}
