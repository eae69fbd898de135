import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A proof's first page's size in points, read when the proof is sent (media/pdf-first-page.ts):
 * the order page holds the page's shape with it before anything of the page is drawn. Proofs sent
 * before have none; their page shows in the shape of its image, or grows once drawn, as then.
 */
export class ProofPageSizes1766600000000 implements MigrationInterface {
  name = 'ProofPageSizes1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_proofs"
      ADD "page_width_pt" real,
      ADD "page_height_pt" real`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_proofs"
      DROP COLUMN "page_width_pt",
      DROP COLUMN "page_height_pt"`);
  }
}
