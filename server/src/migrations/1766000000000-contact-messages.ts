import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages sent through the contact form, kept until the staff have answered them. */
export class ContactMessages1766000000000 implements MigrationInterface {
  name = 'ContactMessages1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "contact_messages" (
        "id" uuid NOT NULL,
        "name" varchar(100) NOT NULL,
        "email" varchar(254) NOT NULL,
        "order_reference" varchar(40),
        "message" text NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "answered_at" TIMESTAMP(3) WITH TIME ZONE,
        "answered_by" varchar(254),
        CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "contact_messages_open_idx" ON "contact_messages" ("answered_at", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}
