import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** True when the server refused because nobody is signed in (the session expired or was ended). */
export function isUnauthenticated(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}
