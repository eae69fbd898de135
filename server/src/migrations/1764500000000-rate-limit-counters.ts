import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-client request counters in fixed windows, shared by every instance (abuse/rate-limiter.ts). */
export class RateLimitCounters1764500000000 implements MigrationInterface {
  name = 'RateLimitCounters1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rate_limit_counters" (
        "rule" varchar(64) NOT NULL,
        "key" char(64) NOT NULL,
        "window_start" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        "hits" integer NOT NULL,
        CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("rule", "key", "window_start")
      )`);
    await queryRunner.query(`CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
  }
}
