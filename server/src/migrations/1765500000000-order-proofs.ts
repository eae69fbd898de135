import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proofs of the book the parent reviews before it is made (and printed), one row a version, and
 * the queue's counter for the new reason "approved: make the final files".
 */
export class OrderProofs1765500000000 implements MigrationInterface {
  name = 'OrderProofs1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "order_proofs" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "pdf_key" varchar(255) NOT NULL,
        "bytes" integer NOT NULL,
        "status" varchar(20) NOT NULL,
        "sent_by" varchar(320) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "answered_at" TIMESTAMP(3) WITH TIME ZONE,
        "answered_by" varchar(320),
        "message" text,
        "reminded_at" TIMESTAMP(3) WITH TIME ZONE,
        "files_removed_at" TIMESTAMP(3) WITH TIME ZONE,
        CONSTRAINT "order_proofs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "order_proofs_order_version_key" UNIQUE ("order_id", "version"),
        CONSTRAINT "order_proofs_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "order_proofs_status_check" CHECK ("status" IN ('AWAITING_ANSWER', 'APPROVED', 'CHANGES_ASKED', 'REPLACED'))
      )`);
    // The reminder job's question: which proofs have waited long enough.
    await queryRunner.query(
      `CREATE INDEX "order_proofs_awaiting_idx" ON "order_proofs" ("created_at") WHERE "status" = 'AWAITING_ANSWER' AND "reminded_at" IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "work_items" DROP CONSTRAINT "work_items_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "work_items" ADD CONSTRAINT "work_items_reason_check"
        CHECK ("reason" IN ('TO_START', 'CHANGES_ASKED', 'APPROVED', 'READY_TO_PRINT', 'PAYMENT_ATTENTION', 'EMAIL_FAILING'))`);
    await queryRunner.query(`INSERT INTO "work_counts" ("reason", "n") VALUES ('APPROVED', 0) ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "work_items" WHERE "reason" = 'APPROVED'`);
    await queryRunner.query(`DELETE FROM "work_counts" WHERE "reason" = 'APPROVED'`);
    await queryRunner.query(`ALTER TABLE "work_items" DROP CONSTRAINT "work_items_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "work_items" ADD CONSTRAINT "work_items_reason_check"
        CHECK ("reason" IN ('TO_START', 'CHANGES_ASKED', 'READY_TO_PRINT', 'PAYMENT_ATTENTION', 'EMAIL_FAILING'))`);
    await queryRunner.query(`DROP TABLE "order_proofs"`);
  }
}
