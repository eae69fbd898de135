import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Links in delivery e-mails: a hashed secret per e-mail, each with its own expiry. */
export class VideoLinks1764000000000 implements MigrationInterface {
  name = 'VideoLinks1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "video_links" (
        "id" uuid NOT NULL,
        "order_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL,
        "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        "created_by" varchar(320) NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "video_links_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "video_links_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "video_links_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "video_links_order_idx" ON "video_links" ("order_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "video_links"`);
  }
}
