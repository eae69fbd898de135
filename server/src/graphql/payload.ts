/**
 * From a service's outcome to what the API answers. A mutation answers with a payload that
 * carries `userErrors`; a query has no payload, so its refusal is a BAD_USER_INPUT error.
 */
import { GraphQLError } from 'graphql';
import type { Outcome, UserError } from '../common/user-error';

/**
 * The mutation payload for an outcome: `accepted(value)` and no userErrors, or the payload's
 * `refused` fields (its nulls) and the one error.
 */
export function toPayload<T, Accepted extends object, Refused extends object>(
  outcome: Outcome<T>,
  accepted: (value: T) => Accepted,
  refused: Refused,
): (Accepted | Refused) & { userErrors: UserError[] } {
  return outcome.ok ? { ...accepted(outcome.value), userErrors: [] } : { ...refused, userErrors: [outcome.error] };
}

/** A query's value, or its refusal as a GraphQL error with the refusal's code and field beside the message. */
export function valueOrBadInput<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { code, field, message } = outcome.error;
  throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', userErrorCode: code, field } });
}
