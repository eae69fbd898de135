import { graphql } from '../../gql';

/** Everything the form offers comes from the server's catalogue: one source of truth. */
export const ORDER_FORM_CATALOGUE_QUERY = graphql(`
  query OrderFormCatalogue {
    catalogue {
      currency
      plans {
        format
        title
        priceCents
        recommended
        delivery
      }
      lifeLessons {
        value
        label
        emoji
      }
      bookStyles {
        value
        label
      }
      shippingCountries
      limits {
        minChildAge
        maxChildAge
        childNameMaxLength
        storyIdeaMaxLength
        emailMaxLength
        photoMaxBytes
      }
    }
  }
`);

/** Sent as one multipart request: the photo travels as the `childPhoto` upload. */
export const CREATE_ORDER_MUTATION = graphql(`
  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!) {
    createOrder(input: $input, childPhoto: $childPhoto) {
      orderId
      checkoutToken
      order {
        id
        amountCents
        currency
        bookFormat
      }
      userErrors {
        field
        message
      }
    }
  }
`);
