/** Where a proof of the book stands with the parent. */
import { registerEnumType } from 'type-graphql';

export enum ProofStatus {
  AWAITING_ANSWER = 'AWAITING_ANSWER',
  APPROVED = 'APPROVED',
  CHANGES_ASKED = 'CHANGES_ASKED',
  REPLACED = 'REPLACED',
}
registerEnumType(ProofStatus, {
  name: 'ProofStatus',
  description: 'Where a proof of the book stands with the parent.',
  valuesConfig: {
    AWAITING_ANSWER: { description: 'Sent; the parent has not answered yet.' },
    APPROVED: { description: 'Approved by the parent (or by an owner on their behalf): the book may be made and printed.' },
    CHANGES_ASKED: { description: 'The parent asked for changes; a new proof answers them.' },
    REPLACED: { description: 'A newer proof was sent before this one was answered.' },
  },
});

/** The order's history records each step of a proof under these event types. */
export const PROOF_EVENTS = {
  sent: 'proof_sent',
  approved: 'proof_approved',
  changesAsked: 'proof_changes_requested',
  reminded: 'proof_reminder_sent',
} as const;
