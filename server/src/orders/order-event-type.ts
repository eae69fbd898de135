/**
 * Every kind of step an order's history records (`order_events.type`): the status moves
 * (STATUS_EVENT) and what happens to an order without changing its status.
 */
export const ORDER_EVENT_TYPES = [
  'created',
  'order_updated',
  'paid',
  'completed',
  'shipped',
  'cancelled',
  'refunded',
  'partial_refund',
  'refund_failed',
  'payment_needs_attention',
  'extra_charge_refunded',
  'delivery_revised',
  'delivery_email_resent',
  'delivery_files_deleted',
  'photo_deleted',
  'change_requested',
  'child_data_deleted',
  'order_link_renewed',
  'assigned',
  'note_added',
  'change_answered',
  'change_declined',
  'tracking_corrected',
  'proof_sent',
  'proof_approved',
  'proof_changes_requested',
  'proof_reminder_sent',
  'print_files_ready',
  'print_job_sent',
  'print_job_status',
  'print_problem',
  'discount_applied',
  'discount_removed',
  'payment_reminder_sent',
  'details_corrected',
  'gift_date_changed',
] as const;

export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
