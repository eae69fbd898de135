import type { OrderPageFieldsFragment } from '../../gql/graphql';

type ProofState = Pick<OrderPageFieldsFragment, 'status' | 'bookFormat'>;

/**
 * The states in which the order page shows the newest proof's pages (any one of them): while the
 * book is being made, and a printed one's until it ships. The server reads the same list to fetch
 * the proof's first page with the page (prerender/client-route-queries.ts).
 */
export const PROOF_SHOWN_WHEN: readonly Partial<ProofState>[] = [
  { status: 'Paid' },
  { status: 'Completed', bookFormat: 'printed' },
];

/** Whether the order page shows the order's proof (ProofReviewSection): it has one, in such a state. */
export function proofShown<T extends ProofState & Pick<OrderPageFieldsFragment, 'proof'>>(
  order: T,
): order is T & { proof: NonNullable<T['proof']> } {
  return (
    order.proof != null &&
    PROOF_SHOWN_WHEN.some((state) => Object.entries(state).every(([field, value]) => order[field as keyof ProofState] === value))
  );
}
