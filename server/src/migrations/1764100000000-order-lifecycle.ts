import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole order lifecycle: Shipped, Cancelled and Refunded beside the first three, the
 * time each status was entered, the carrier and tracking number of a shipped book, the PDF
 * of a digital one, and event types in one convention (snake_case).
 */
export class OrderLifecycle1764100000000 implements MigrationInterface {
  name = 'OrderLifecycle1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('Pending', 'Paid', 'Completed', 'Shipped', 'Cancelled', 'Refunded'))`,
    );
    await queryRunner.query(`
      ALTER TABLE "orders"
        ADD "pdf_key" varchar(255),
        ADD "shipping_carrier" varchar(32),
        ADD "tracking_number" varchar(64),
        ADD "shipped_at" TIMESTAMP(3) WITH TIME ZONE,
        ADD "cancelled_at" TIMESTAMP(3) WITH TIME ZONE,
        ADD "refunded_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "order_events" SET "type" = replace("type", '-', '_') WHERE "type" LIKE '%-%'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "orders" SET "status" = 'Completed' WHERE "status" IN ('Shipped', 'Refunded')`);
    await queryRunner.query(`UPDATE "orders" SET "status" = 'Pending' WHERE "status" = 'Cancelled'`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('Pending', 'Paid', 'Completed'))`,
    );
    await queryRunner.query(`
      ALTER TABLE "orders"
        DROP COLUMN "pdf_key", DROP COLUMN "shipping_carrier", DROP COLUMN "tracking_number",
        DROP COLUMN "shipped_at", DROP COLUMN "cancelled_at", DROP COLUMN "refunded_at"`);
  }
}
