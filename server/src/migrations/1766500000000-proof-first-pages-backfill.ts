import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Queues the drawing of the first page (proofs/proof-first-page.job.ts) for the proofs sent before
 * the shop drew one for every proof it sends: the newest proof of each order whose page shows it
 * (client/src/storefront/order/proof-shown.ts), with its files kept, no image yet and no drawing
 * already queued. The newest first, five seconds apart, so the job runner's other work (a proof
 * sent now, the reminders) is not held behind a backlog of drawings; a PDF it cannot draw is left
 * to the viewer, as then.
 */
export class ProofFirstPagesBackfill1766500000000 implements MigrationInterface {
  name = 'ProofFirstPagesBackfill1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO "jobs" ("id", "name", "payload", "max_attempts", "run_at")
      SELECT gen_random_uuid(), 'proof-first-page', jsonb_build_object('orderId', "p"."order_id"), 3,
             now() + (row_number() OVER (ORDER BY "p"."created_at" DESC) - 1) * interval '5 seconds'
      FROM "order_proofs" "p"
      JOIN "orders" "o" ON "o"."id" = "p"."order_id"
      WHERE "p"."first_page_key" IS NULL
        AND "p"."files_removed_at" IS NULL
        AND "p"."version" = (SELECT max("q"."version") FROM "order_proofs" "q" WHERE "q"."order_id" = "p"."order_id")
        AND ("o"."status" = 'Paid' OR ("o"."status" = 'Completed' AND "o"."book_format" = 'printed'))
        AND NOT EXISTS (
          SELECT 1 FROM "jobs" "j"
          WHERE "j"."name" = 'proof-first-page' AND "j"."status" IN ('queued', 'running')
            AND "j"."payload"->>'orderId' = "p"."order_id"::text
        )`);
  }

  async down(): Promise<void> {
    // The jobs run once; the images they drew are kept as any other proof's.
  }
}
