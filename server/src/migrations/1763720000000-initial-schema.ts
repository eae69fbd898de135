import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Orders with their audit trail, and admin users, sessions and sign-in attempts. */
export class InitialSchema1763720000000 implements MigrationInterface {
  name = 'InitialSchema1763720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "orders" (
        "id" uuid NOT NULL,
        "child_name" varchar(50) NOT NULL,
        "child_age" smallint NOT NULL,
        "moral" varchar(40) NOT NULL,
        "story_idea" text NOT NULL DEFAULT '',
        "email" varchar(254) NOT NULL,
        "book_format" varchar(16) NOT NULL,
        "book_style" varchar(32),
        "shipping_address" jsonb,
        "status" varchar(16) NOT NULL DEFAULT 'Pending',
        "amount_cents" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "photo_key" varchar(255),
        "video_key" varchar(255),
        "payment_provider" varchar(32),
        "payment_id" varchar(255),
        "checkout_token_hash" char(64) NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
        "paid_at" timestamptz(3),
        "completed_at" timestamptz(3),
        CONSTRAINT "orders_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "orders_payment_id_key" UNIQUE ("payment_id"),
        CONSTRAINT "orders_child_age_check" CHECK ("child_age" BETWEEN 2 AND 12),
        CONSTRAINT "orders_book_format_check" CHECK ("book_format" IN ('digital', 'printed')),
        CONSTRAINT "orders_status_check" CHECK ("status" IN ('Pending', 'Paid', 'Completed')),
        CONSTRAINT "orders_amount_check" CHECK ("amount_cents" > 0)
      )`);
    // Keyset pagination for the admin list: newest first, optionally within one status.
    // Postgres scans these backwards for ORDER BY created_at DESC, id DESC.
    await queryRunner.query(`CREATE INDEX "orders_status_created_idx" ON "orders" ("status", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "orders_created_idx" ON "orders" ("created_at", "id")`);

    await queryRunner.query(`
      CREATE TABLE "order_events" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "type" varchar(40) NOT NULL,
        "from_status" varchar(16),
        "to_status" varchar(16),
        "actor" varchar(320) NOT NULL,
        "data" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT "order_events_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "order_events_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "order_events_order_idx" ON "order_events" ("order_id", "created_at")`);

    await queryRunner.query(`
      CREATE TABLE "admin_users" (
        "id" uuid NOT NULL,
        "email" varchar(254) NOT NULL,
        "password_hash" text NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "last_login_at" timestamptz(3),
        CONSTRAINT "admin_users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "admin_users_email_key" UNIQUE ("email")
      )`);

    await queryRunner.query(`
      CREATE TABLE "admin_sessions" (
        "id" uuid NOT NULL,
        "admin_user_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "expires_at" timestamptz(3) NOT NULL,
        CONSTRAINT "admin_sessions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "admin_sessions_user_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "admin_sessions_token_hash_key" ON "admin_sessions" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" ("expires_at")`);

    await queryRunner.query(`
      CREATE TABLE "login_attempts" (
        "id" uuid NOT NULL,
        "email" varchar(254) NOT NULL,
        "ip" varchar(64) NOT NULL,
        "succeeded" boolean NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT "login_attempts_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "login_attempts_email_idx" ON "login_attempts" ("email", "created_at")`);
    await queryRunner.query(`CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" ("ip", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_attempts"`);
    await queryRunner.query(`DROP TABLE "admin_sessions"`);
    await queryRunner.query(`DROP TABLE "admin_users"`);
    await queryRunner.query(`DROP TABLE "order_events"`);
    await queryRunner.query(`DROP TABLE "orders"`);
  }
}
