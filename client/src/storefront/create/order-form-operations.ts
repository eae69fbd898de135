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
      shippingDestinations {
        ...ShippingDestinationFields
      }
      printedDelivery {
        shippingIncluded
        arrivesFromBusinessDays
        arrivesByBusinessDays
      }
      limits {
        minChildAge
        maxChildAge
        childNameMaxLength
        storyIdeaMaxLength
        dedicationMaxLength
        giftMessageMaxLength
        giftDeliveryMaxDays
        emailMaxLength
        photoMaxBytes
      }
      familyDiscount {
        maxBooks
        percentOff
        description
      }
    }
  }
`);

/** Sent as one multipart request: the photo travels as the `childPhoto` upload. */
export const CREATE_ORDER_MUTATION = graphql(`
  mutation CreateOrder($input: CreateOrderInput!, $childPhoto: Upload!, $addTo: CheckoutRefInput) {
    createOrder(input: $input, childPhoto: $childPhoto, addTo: $addTo) {
      orderId
      checkoutToken
      order {
        id
        amountCents
        currency
        bookFormat
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/**
 * The draft's order again while it is still Pending: same id, same token. A null photo keeps
 * the one the server has; a paid or cancelled order answers WRONG_STATUS.
 */
export const UPDATE_PENDING_ORDER_MUTATION = graphql(`
  mutation UpdatePendingOrder($orderId: ID!, $checkoutToken: String!, $input: CreateOrderInput!, $childPhoto: Upload) {
    updatePendingOrder(orderId: $orderId, checkoutToken: $checkoutToken, input: $input, childPhoto: $childPhoto) {
      orderId
      checkoutToken
      order {
        id
        amountCents
        currency
        bookFormat
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Where the draft's order stands, when the server would not update it. */
export const DRAFT_ORDER_STATUS_QUERY = graphql(`
  query DraftOrderStatus($orderId: ID!, $checkoutToken: String!) {
    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {
      id
      status
    }
  }
`);
