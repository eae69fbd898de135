import { graphql } from '../../gql';

/** Only where a page has no catalogue of its own (the development server): see PricingSection. */
export const PRICING_PLANS_QUERY = graphql(`
  query PricingPlans {
    catalogue {
      currency
      plans {
        format
        title
        priceCents
        recommended
        description
        features
      }
      familyDiscount {
        maxBooks
        description
      }
    }
  }
`);
