import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The studio's own record of an order: who has taken it (one admin an order) and the notes staff
 * write for each other. Both go with the order; an assignment goes with its admin, a note stays
 * with its author's e-mail.
 */
export class OrderNotesAndAssignments1765300000000 implements MigrationInterface {
  name = 'OrderNotesAndAssignments1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "order_assignments" (
        "order_id" uuid NOT NULL,
        "admin_id" uuid NOT NULL,
        "assigned_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "order_assignments_pkey" PRIMARY KEY ("order_id"),
        CONSTRAINT "order_assignments_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "order_assignments_admin_fkey" FOREIGN KEY ("admin_id") REFERENCES "admin_users"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "order_assignments_admin_idx" ON "order_assignments" ("admin_id")`);
    await queryRunner.query(`
      CREATE TABLE "order_notes" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "author_id" uuid,
        "author_email" varchar(254) NOT NULL,
        "text" text NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "order_notes_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "order_notes_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "order_notes_author_fkey" FOREIGN KEY ("author_id") REFERENCES "admin_users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "order_notes_order_idx" ON "order_notes" ("order_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_notes"`);
    await queryRunner.query(`DROP TABLE "order_assignments"`);
  }
}
