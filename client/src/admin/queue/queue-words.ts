import type { WorkReason } from '../../gql/graphql';

/** How the portal names each reason, in the queue's order. */
export const REASON_LABELS: Record<WorkReason, string> = {
  TO_START: 'To start',
  CHANGES_ASKED: 'Changes asked',
  APPROVED: 'Approved: make the book',
  READY_TO_PRINT: 'Ready to print',
  PRINT_PROBLEM: 'Print problem',
  PAYMENT_ATTENTION: 'Payment needs attention',
  EMAIL_FAILING: 'E-mail failing',
};

export const REASONS = Object.keys(REASON_LABELS) as WorkReason[];

export const QUEUE_MESSAGES = {
  loadFailed: 'The queue could not be loaded. Please try again.',
  empty: 'Nothing needs action. Well done.',
  emptyMine: 'Nothing assigned to you needs action.',
  loading: 'Loading the queue…',
} as const;

export function isReason(value: string | null): value is WorkReason {
  return value !== null && (REASONS as string[]).includes(value);
}

/** "due in 5 h", "overdue by 2 d": how far the due time is from `now`, in the largest whole unit. */
export function dueIn(dueAt: string, now: number = Date.now()): string {
  const ms = new Date(dueAt).getTime() - now;
  const abs = Math.abs(ms);
  const amount =
    abs >= 86_400_000
      ? `${Math.floor(abs / 86_400_000)} d`
      : abs >= 3600_000
        ? `${Math.floor(abs / 3600_000)} h`
        : `${Math.max(1, Math.floor(abs / 60_000))} min`;
  return ms < 0 ? `overdue by ${amount}` : `due in ${amount}`;
}
