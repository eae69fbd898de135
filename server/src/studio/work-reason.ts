/** Why an order is in the studio's queue: what somebody on the staff has to do next. */
import { registerEnumType } from 'type-graphql';

export enum WorkReason {
  TO_START = 'TO_START',
  CHANGES_ASKED = 'CHANGES_ASKED',
  APPROVED = 'APPROVED',
  READY_TO_PRINT = 'READY_TO_PRINT',
  PRINT_PROBLEM = 'PRINT_PROBLEM',
  PAYMENT_ATTENTION = 'PAYMENT_ATTENTION',
  EMAIL_FAILING = 'EMAIL_FAILING',
}
registerEnumType(WorkReason, {
  name: 'WorkReason',
  description: 'What the staff have to do next about an order.',
  valuesConfig: {
    TO_START: { description: 'Paid, and nothing sent to the parent yet: make the book (or its proof).' },
    CHANGES_ASKED: { description: 'The parent asked for changes to a proof or to the delivered book.' },
    APPROVED: { description: 'The parent approved the proof: make the final files.' },
    READY_TO_PRINT: { description: 'A printed book is made: print it and ship it.' },
    PRINT_PROBLEM: { description: "The print partner rejected or failed the book's print job: its message says why." },
    PAYMENT_ATTENTION: { description: 'An extra charge to refund (an owner).' },
    EMAIL_FAILING: { description: 'An e-mail to the parent could not be sent.' },
  },
});

export const WORK_REASONS = Object.values(WorkReason);
