import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Background jobs (jobs/job-runner.ts): the queue, claimed with FOR UPDATE SKIP LOCKED and a
 * lease, and when each scheduled job is next due, which one instance moves on per period.
 */
export class Jobs1765100000000 implements MigrationInterface {
  name = 'Jobs1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "jobs" (
        "id" uuid PRIMARY KEY,
        "name" varchar(64) NOT NULL,
        "payload" jsonb NOT NULL DEFAULT '{}',
        "status" varchar(16) NOT NULL DEFAULT 'queued',
        "attempts" integer NOT NULL DEFAULT 0,
        "max_attempts" integer NOT NULL DEFAULT 5,
        "run_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "locked_until" TIMESTAMP(3) WITH TIME ZONE,
        "last_error" text,
        "unique_key" varchar(200),
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "jobs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')),
        CONSTRAINT "jobs_unique_key" UNIQUE ("unique_key")
      )`);
    await queryRunner.query(`CREATE INDEX "jobs_due_idx" ON "jobs" ("run_at") WHERE "status" IN ('queued', 'running')`);
    await queryRunner.query(`CREATE INDEX "jobs_failed_idx" ON "jobs" ("updated_at") WHERE "status" = 'failed'`);
    await queryRunner.query(`
      CREATE TABLE "job_schedules" (
        "name" varchar(64) PRIMARY KEY,
        "next_run_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_schedules"`);
    await queryRunner.query(`DROP TABLE "jobs"`);
  }
}
