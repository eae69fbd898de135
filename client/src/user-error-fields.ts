import { graphql } from './gql';

/**
 * What every mutation's refusal carries: `code` to branch on, `field` to point at, `message`
 * to show as it is. Each operation spreads this instead of listing the three fields again.
 */
export const USER_ERROR_FIELDS = graphql(`
  fragment UserErrorFields on UserError {
    code
    field
    message
  }
`);
