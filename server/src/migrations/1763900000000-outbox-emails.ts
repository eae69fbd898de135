import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The transactional outbox: one row per e-mail, written with the change that causes it. */
export class OutboxEmails1763900000000 implements MigrationInterface {
  name = 'OutboxEmails1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outbox_emails" (
        "id" uuid NOT NULL,
        "idempotency_key" varchar(200) NOT NULL,
        "order_id" uuid,
        "template" varchar(64) NOT NULL,
        "to_address" varchar(254) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "html" text NOT NULL,
        "text" text NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz(3) NOT NULL DEFAULT now(),
        "locked_until" timestamptz(3),
        "last_error" text,
        "provider_message_id" varchar(255),
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "sent_at" timestamptz(3),
        CONSTRAINT "outbox_emails_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "outbox_emails_idempotency_key_key" UNIQUE ("idempotency_key"),
        CONSTRAINT "outbox_emails_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed')),
        CONSTRAINT "outbox_emails_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders" ("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" ("status", "next_attempt_at")`);
    await queryRunner.query(`CREATE INDEX "outbox_emails_order_idx" ON "outbox_emails" ("order_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "outbox_emails"`);
  }
}
