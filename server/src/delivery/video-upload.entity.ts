import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Order } from '../orders/order.entity';

/**
 * A finished video on its way from an admin's browser straight to the bucket (a presigned
 * multipart upload). The row lives from the start of the upload until the delivery that uses
 * the video commits, in the same transaction, or until it is aborted; so a row older than its
 * URLs is an upload nobody finished, which the abandoned-uploads job aborts (its parts, and the
 * object if it was completed, would otherwise stay in the bucket with nothing referencing them).
 */
@Entity({ name: 'video_uploads' })
@Index('video_uploads_order_idx', ['orderId'])
@Index('video_uploads_created_at_idx', ['createdAt'])
export class VideoUpload {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'video_uploads_order_fkey' })
  order?: Order;

  /** `videos/{orderId}-{random}.{ext}`: where the video will be, once complete. */
  @Column({ name: 'object_key', type: 'varchar', length: 255, unique: true })
  objectKey: string;

  /** The store's id for the multipart upload. */
  @Column({ name: 'upload_id', type: 'text' })
  uploadId: string;

  /** What the first bytes the browser sent at the start said the file is. */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  /** The file's size in bytes, as the browser declared it; the completed object must match. */
  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  size: number;

  @Column({ name: 'part_size', type: 'integer' })
  partSize: number;

  /** admin:{email}: who started it. */
  @Column({ type: 'varchar', length: 320 })
  actor: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
