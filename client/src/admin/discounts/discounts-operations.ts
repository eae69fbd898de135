import { graphql } from '../../gql';

export const DISCOUNT_CODE_FIELDS = graphql(`
  fragment DiscountCodeFields on DiscountCode {
    id
    code
    terms
    minimumCents
    maxUses
    expiresAt
    disabledAt
    createdAt
    createdBy
    used
    held
    status
  }
`);

export const DISCOUNT_CODES_QUERY = graphql(`
  query DiscountCodes {
    discountCodes {
      ...DiscountCodeFields
    }
  }
`);

export const CREATE_DISCOUNT_CODE_MUTATION = graphql(`
  mutation CreateDiscountCode($input: CreateDiscountCodeInput!) {
    createDiscountCode(input: $input) {
      discountCode {
        ...DiscountCodeFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const DISABLE_DISCOUNT_CODE_MUTATION = graphql(`
  mutation DisableDiscountCode($id: ID!) {
    disableDiscountCode(id: $id) {
      discountCode {
        ...DiscountCodeFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
