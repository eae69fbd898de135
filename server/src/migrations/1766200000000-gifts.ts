import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gifts: an order's gift message, and a digital gift's day (with the instant its delivery e-mail
 * goes out); an e-mail that waits for such a day says so (`not_before`), so the outbox's backlog
 * does not count it as late while it waits.
 */
export class Gifts1766200000000 implements MigrationInterface {
  name = 'Gifts1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "orders" ADD "gift_message" text, ADD "gift_delivery_date" date, ADD "gift_send_at" TIMESTAMP(3) WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_date_check" CHECK (("gift_delivery_date" IS NULL) = ("gift_send_at" IS NULL))`,
    );
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "not_before" TIMESTAMP(3) WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "not_before"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_gift_date_check"`);
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "gift_send_at", DROP COLUMN "gift_delivery_date", DROP COLUMN "gift_message"`,
    );
  }
}
