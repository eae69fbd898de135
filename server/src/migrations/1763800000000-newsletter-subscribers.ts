import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Addresses that signed up for the newsletter in the storefront's footer. */
export class NewsletterSubscribers1763800000000 implements MigrationInterface {
  name = 'NewsletterSubscribers1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "newsletter_subscribers" (
        "id" uuid NOT NULL,
        "email" varchar(254) NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT "newsletter_subscribers_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "newsletter_subscribers_email_key" UNIQUE ("email")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "newsletter_subscribers"`);
  }
}
