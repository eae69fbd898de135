import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A proof's first page drawn as an image, for the order page to show while its viewer loads (proofs/proof-first-page.job.ts). */
export class ProofFirstPages1766400000000 implements MigrationInterface {
  name = 'ProofFirstPages1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_proofs"
      ADD "first_page_key" varchar(255),
      ADD "first_page_width" integer,
      ADD "first_page_height" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_proofs"
      DROP COLUMN "first_page_key",
      DROP COLUMN "first_page_width",
      DROP COLUMN "first_page_height"`);
  }
}
