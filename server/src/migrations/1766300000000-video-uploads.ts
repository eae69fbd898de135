import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Videos on their way from an admin's browser straight to the bucket (delivery/video-upload.entity.ts). */
export class VideoUploads1766300000000 implements MigrationInterface {
  name = 'VideoUploads1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "video_uploads" (
      "id" uuid NOT NULL,
      "order_id" uuid NOT NULL,
      "object_key" varchar(255) NOT NULL,
      "upload_id" text NOT NULL,
      "content_type" varchar(40) NOT NULL,
      "size" bigint NOT NULL,
      "part_size" integer NOT NULL,
      "actor" varchar(320) NOT NULL,
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "video_uploads_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "video_uploads_object_key_key" UNIQUE ("object_key"),
      CONSTRAINT "video_uploads_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE INDEX "video_uploads_order_idx" ON "video_uploads" ("order_id")`);
    await queryRunner.query(`CREATE INDEX "video_uploads_created_at_idx" ON "video_uploads" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "video_uploads"`);
  }
}
