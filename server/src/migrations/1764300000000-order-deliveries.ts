import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivered files of an order as versions, so a revision replaces the book without losing
 * what was sent before. Orders completed before this migration get their delivery as version 1.
 */
export class OrderDeliveries1764300000000 implements MigrationInterface {
  name = 'OrderDeliveries1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "order_deliveries" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "video_key" varchar(255) NOT NULL,
        "pdf_key" varchar(255),
        "actor" varchar(320) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "files_removed_at" TIMESTAMP(3) WITH TIME ZONE,
        CONSTRAINT "order_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "order_deliveries_order_version_key" UNIQUE ("order_id", "version"),
        CONSTRAINT "order_deliveries_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      INSERT INTO "order_deliveries" ("id", "order_id", "version", "video_key", "pdf_key", "actor", "created_at")
      SELECT gen_random_uuid(), "id", 1, "video_key", "pdf_key", 'system', COALESCE("completed_at", "updated_at")
        FROM "orders" WHERE "video_key" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_deliveries"`);
  }
}
