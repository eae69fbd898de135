import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { Order } from '../orders/order.entity';
import { ProofStatus } from './proof-status';

/**
 * One proof of an order's book sent to the parent to review: the first is version 1, each one
 * sent after the parent asked for changes the next. Only the newest may be answered; sending a
 * new one replaces one still waiting. The file stays while the order is kept, until the parent
 * deletes the child's details (`files_removed_at`).
 */
@Entity({ name: 'order_proofs' })
@Unique('order_proofs_order_version_key', ['orderId', 'version'])
@Check('order_proofs_status_check', `"status" IN ('AWAITING_ANSWER', 'APPROVED', 'CHANGES_ASKED', 'REPLACED')`)
// The reminder job's question: which proofs have waited long enough.
@Index('order_proofs_awaiting_idx', ['createdAt'], { where: `"status" = 'AWAITING_ANSWER' AND "reminded_at" IS NULL` })
export class OrderProof {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_proofs_order_fkey' })
  order?: Order;

  @Column({ type: 'integer' })
  version: number;

  @Column({ name: 'pdf_key', type: 'varchar', length: 255 })
  pdfKey: string;

  @Column({ type: 'integer' })
  bytes: number;

  @Column({ type: 'varchar', length: 20 })
  status: ProofStatus;

  /** admin:{email}: who sent it. */
  @Column({ name: 'sent_by', type: 'varchar', length: 320 })
  sentBy: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'answered_at', type: 'timestamptz', precision: 3, nullable: true })
  answeredAt: Date | null;

  /** customer, or admin:{email} for an owner approving on the parent's behalf. */
  @Column({ name: 'answered_by', type: 'varchar', length: 320, nullable: true })
  answeredBy: string | null;

  /** The parent's words when they asked for changes; the owner's note when approved on the parent's behalf. */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'reminded_at', type: 'timestamptz', precision: 3, nullable: true })
  remindedAt: Date | null;

  /**
   * The first page drawn as a JPEG image (media/pdf-first-page.ts), shown while the viewer loads;
   * null until the job draws it, or when the PDF could not be drawn.
   */
  @Column({ name: 'first_page_key', type: 'varchar', length: 255, nullable: true })
  firstPageKey: string | null;

  @Column({ name: 'first_page_width', type: 'integer', nullable: true })
  firstPageWidth: number | null;

  @Column({ name: 'first_page_height', type: 'integer', nullable: true })
  firstPageHeight: number | null;

  /**
   * The first page's width and height in PDF points, upright, read when the proof was sent: the
   * order page holds the page's shape with them until the page is drawn. Null when pdf.js could not
   * read them in time, and for proofs sent before they were read.
   */
  @Column({ name: 'page_width_pt', type: 'real', nullable: true })
  pageWidthPt: number | null;

  @Column({ name: 'page_height_pt', type: 'real', nullable: true })
  pageHeightPt: number | null;

  /** When the files were deleted with the child's details. */
  @Column({ name: 'files_removed_at', type: 'timestamptz', precision: 3, nullable: true })
  filesRemovedAt: Date | null;
}
