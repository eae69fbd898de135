import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { WorkReason } from './work-reason';

/**
 * How many work items of each reason wait, kept exact by triggers on `work_items` in the same
 * transaction as the write (migration WorkItems1765400000000). Read-only for the app.
 */
@Entity({ name: 'work_counts' })
export class WorkCount {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  reason: WorkReason;

  @Column({ type: 'integer' })
  n: number;
}
