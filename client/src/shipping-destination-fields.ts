import { graphql } from './gql';

/** A shipping country as the address fields need it: its regions and how it writes a postal code. */
export const SHIPPING_DESTINATION_FIELDS = graphql(`
  fragment ShippingDestinationFields on ShippingDestination {
    country
    countryCode
    regionLabel
    regions {
      code
      name
    }
    postalLabel
    postalExample
    postalPattern
  }
`);
