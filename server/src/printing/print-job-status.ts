/** Where an order's print job stands: the shop's own steps before the partner has it, then the partner's status names. */
export const PrintJobStep = {
  /** The print files are checked and stored, with the partner's price: ready to send. */
  FILES_READY: 'FILES_READY',
  /** Being sent to the partner; the answer may have been lost, and sending again finds the job it made. */
  SENDING: 'SENDING',
} as const;

/** The order's history records each step of printing under these event types. */
export const PRINT_EVENTS = {
  filesReady: 'print_files_ready',
  sent: 'print_job_sent',
  status: 'print_job_status',
  problem: 'print_problem',
} as const;

const STATUS_LABELS: Record<string, string> = {
  FILES_READY: 'Files ready to send',
  SENDING: 'Being sent to the printer',
  CREATED: 'Received by the printer',
  UNPAID: 'Waiting for payment at the printer',
  PAYMENT_IN_PROGRESS: 'Being paid at the printer',
  PRODUCTION_DELAYED: 'Paid; waiting before production',
  PRODUCTION_READY: 'About to go into production',
  IN_PRODUCTION: 'Being printed',
  SHIPPED: 'Shipped by the printer',
  REJECTED: 'Rejected by the printer',
  CANCELED: 'Cancelled at the printer',
  ERROR: 'Failed at the printer',
};

/** A status in words, for the portal and the order's history. */
export function printStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}
