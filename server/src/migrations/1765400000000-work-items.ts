import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The studio's queue: one row for each thing the staff have to do about an order, and when it is
 * due. Existing orders get theirs from a background job queued here (work-items-rebuild), which
 * works them out from each order's history as every later change does.
 */
export class WorkItems1765400000000 implements MigrationInterface {
  name = 'WorkItems1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "work_items" (
        "order_id" uuid NOT NULL,
        "reason" varchar(32) NOT NULL,
        "due_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        "since" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "overdue_notified_at" TIMESTAMP(3) WITH TIME ZONE,
        CONSTRAINT "work_items_pkey" PRIMARY KEY ("order_id", "reason"),
        CONSTRAINT "work_items_reason_check"
          CHECK ("reason" IN ('TO_START', 'CHANGES_ASKED', 'READY_TO_PRINT', 'PAYMENT_ATTENTION', 'EMAIL_FAILING')),
        CONSTRAINT "work_items_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "work_items_due_idx" ON "work_items" ("due_at", "order_id", "reason")`);
    await queryRunner.query(`CREATE INDEX "work_items_reason_due_idx" ON "work_items" ("reason", "due_at", "order_id")`);
    // How many items of each reason wait, kept exact by triggers in the writing transaction (as order_counts is).
    await queryRunner.query(`
      CREATE TABLE "work_counts" (
        "reason" varchar(32) NOT NULL,
        "n" integer NOT NULL,
        CONSTRAINT "work_counts_pkey" PRIMARY KEY ("reason")
      )`);
    // Every reason has its row from the start: a change locks the rows it moves in one order (work-items.ts).
    await queryRunner.query(
      `INSERT INTO "work_counts" ("reason", "n") VALUES ('CHANGES_ASKED', 0), ('EMAIL_FAILING', 0), ('PAYMENT_ATTENTION', 0), ('READY_TO_PRINT', 0), ('TO_START', 0)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "work_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM work_counts;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO work_counts AS c (reason, n)
            SELECT reason, count(*) FROM new_rows GROUP BY reason ORDER BY reason
            ON CONFLICT (reason) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO work_counts AS c (reason, n)
            SELECT reason, -count(*) FROM old_rows GROUP BY reason ORDER BY reason
            ON CONFLICT (reason) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSE
          INSERT INTO work_counts AS c (reason, n)
            SELECT reason, sum(delta) FROM (
              SELECT reason, 1 AS delta FROM new_rows
              UNION ALL
              SELECT reason, -1 AS delta FROM old_rows
            ) AS changes
            GROUP BY reason HAVING sum(delta) <> 0 ORDER BY reason
            ON CONFLICT (reason) DO UPDATE SET n = c.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "work_items_count_insert" AFTER INSERT ON "work_items"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "work_items_count_update" AFTER UPDATE ON "work_items"
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "work_items_count_delete" AFTER DELETE ON "work_items"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "work_items_count_truncate" AFTER TRUNCATE ON "work_items"
        FOR EACH STATEMENT EXECUTE FUNCTION work_counts_apply()`);
    await queryRunner.query(
      `INSERT INTO "jobs" ("id", "name", "unique_key") VALUES (gen_random_uuid(), 'work-items-rebuild', 'work-items-rebuild:1765400000000')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "jobs" WHERE "unique_key" = 'work-items-rebuild:1765400000000'`);
    for (const trigger of ['insert', 'update', 'delete', 'truncate']) {
      await queryRunner.query(`DROP TRIGGER "work_items_count_${trigger}" ON "work_items"`);
    }
    await queryRunner.query(`DROP FUNCTION "work_counts_apply"()`);
    await queryRunner.query(`DROP TABLE "work_counts"`);
    await queryRunner.query(`DROP TABLE "work_items"`);
  }
}
