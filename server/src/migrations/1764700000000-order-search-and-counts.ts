import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard stays fast however many orders there are:
 *
 * - trigram indexes (pg_trgm) on e-mail and child name serve the search box's
 *   `ILIKE '%text%'` for texts of three characters or more, instead of reading every order;
 * - `order_counts` holds how many orders are in each status, kept exact by statement triggers
 *   on `orders` (inserts, status changes, deletes, truncation) in the writing transaction, so
 *   the unfiltered and per-status totals are read from a handful of rows instead of counted.
 *
 * The triggers add a status's delta in one statement per write, in status order, so concurrent
 * writers lock the counter rows in the same order and cannot deadlock on them.
 */
export class OrderSearchAndCounts1764700000000 implements MigrationInterface {
  name = 'OrderSearchAndCounts1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "orders_child_name_trgm_idx" ON "orders" USING gin ("child_name" gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE TABLE "order_counts" (
        "status" varchar(16) NOT NULL,
        "n" integer NOT NULL,
        CONSTRAINT "order_counts_pkey" PRIMARY KEY ("status")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "order_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM order_counts;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO order_counts AS c (status, n)
            SELECT status, count(*) FROM new_rows GROUP BY status ORDER BY status
            ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO order_counts AS c (status, n)
            SELECT status, -count(*) FROM old_rows GROUP BY status ORDER BY status
            ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSE
          -- Updates that leave every status as it was add nothing and lock nothing.
          INSERT INTO order_counts AS c (status, n)
            SELECT status, sum(delta) FROM (
              SELECT status, 1 AS delta FROM new_rows
              UNION ALL
              SELECT status, -1 AS delta FROM old_rows
            ) AS changes
            GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
            ON CONFLICT (status) DO UPDATE SET n = c.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "orders_count_insert" AFTER INSERT ON "orders"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "orders_count_update" AFTER UPDATE ON "orders"
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "orders_count_delete" AFTER DELETE ON "orders"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_apply()`);
    await queryRunner.query(`
      CREATE TRIGGER "orders_count_truncate" AFTER TRUNCATE ON "orders"
        FOR EACH STATEMENT EXECUTE FUNCTION order_counts_apply()`);
    // The orders already there (the table is locked by the triggers' creation until commit).
    await queryRunner.query(
      `INSERT INTO "order_counts" ("status", "n") SELECT "status", count(*) FROM "orders" GROUP BY "status"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['orders_count_insert', 'orders_count_update', 'orders_count_delete', 'orders_count_truncate']) {
      await queryRunner.query(`DROP TRIGGER "${trigger}" ON "orders"`);
    }
    await queryRunner.query(`DROP FUNCTION "order_counts_apply"()`);
    await queryRunner.query(`DROP TABLE "order_counts"`);
    await queryRunner.query(`DROP INDEX "orders_child_name_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "orders_email_trgm_idx"`);
  }
}
