import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The provider payment started for an order, so a later visit resumes it instead of charging anew. */
export class OrderProviderPayment1763900002000 implements MigrationInterface {
  name = 'OrderProviderPayment1763900002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "provider_payment_id" varchar(255)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "provider_payment_id"`);
  }
}
