import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each printed order's job at the print partner, and the queue's reason "print problem". */
export class PrintJobs1765600000000 implements MigrationInterface {
  name = 'PrintJobs1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "print_jobs" (
        "order_id" uuid NOT NULL,
        "provider" varchar(16) NOT NULL,
        "status" varchar(32) NOT NULL,
        "external_id" varchar(64),
        "interior_key" varchar(255),
        "cover_key" varchar(255),
        "page_count" integer NOT NULL,
        "cost_cents" integer,
        "currency" char(3),
        "error" text,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP(3) WITH TIME ZONE,
        "sending_until" TIMESTAMP(3) WITH TIME ZONE,
        CONSTRAINT "print_jobs_pkey" PRIMARY KEY ("order_id"),
        CONSTRAINT "print_jobs_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "print_jobs_page_count_check" CHECK ("page_count" > 0)
      )`);
    // The partner's webhook names its job id: which order is it.
    await queryRunner.query(`CREATE UNIQUE INDEX "print_jobs_external_idx" ON "print_jobs" ("provider", "external_id")`);
    await queryRunner.query(`ALTER TABLE "work_items" DROP CONSTRAINT "work_items_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "work_items" ADD CONSTRAINT "work_items_reason_check"
        CHECK ("reason" IN ('TO_START', 'CHANGES_ASKED', 'APPROVED', 'READY_TO_PRINT', 'PRINT_PROBLEM', 'PAYMENT_ATTENTION', 'EMAIL_FAILING'))`);
    await queryRunner.query(`INSERT INTO "work_counts" ("reason", "n") VALUES ('PRINT_PROBLEM', 0) ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "work_items" WHERE "reason" = 'PRINT_PROBLEM'`);
    await queryRunner.query(`DELETE FROM "work_counts" WHERE "reason" = 'PRINT_PROBLEM'`);
    await queryRunner.query(`ALTER TABLE "work_items" DROP CONSTRAINT "work_items_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "work_items" ADD CONSTRAINT "work_items_reason_check"
        CHECK ("reason" IN ('TO_START', 'CHANGES_ASKED', 'APPROVED', 'READY_TO_PRINT', 'PAYMENT_ATTENTION', 'EMAIL_FAILING'))`);
    await queryRunner.query(`DROP TABLE "print_jobs"`);
  }
}
