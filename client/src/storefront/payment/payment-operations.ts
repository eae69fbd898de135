import { graphql } from '../../gql';

/**
 * The order being paid, readable only with the checkout token kept in this tab, and the
 * catalogue's delivery promise for its format.
 */
export const CHECKOUT_ORDER_QUERY = graphql(`
  query CheckoutOrder($orderId: ID!, $checkoutToken: String!) {
    checkoutOrder(orderId: $orderId, checkoutToken: $checkoutToken) {
      ...CheckoutOrderPrice
      title
      bookFormat
      currency
      status
      childName
      reference
      photoUrl
      moral
      bookStyle
      email
      shippingAddress {
        fullName
        streetAddress
        addressLine2
        city
        state
        zipCode
        country
      }
      shippingIncluded
      paidAt
    }
    catalogue {
      plans {
        format
        delivery
      }
      printedDelivery {
        arrivesFromBusinessDays
        arrivesByBusinessDays
      }
      familyDiscount {
        maxBooks
        description
      }
      lifeLessons {
        value
        label
      }
      bookStyles {
        value
        label
      }
    }
    shopConfig {
      paypal {
        clientId
        sdkUrl
      }
    }
  }
`);

/** Creates (or reuses) the provider's payment for a Pending order. */
export const START_PAYMENT_MUTATION = graphql(`
  mutation StartPayment($orderId: ID!, $checkoutToken: String!, $provider: PaymentProviderName) {
    startPayment(orderId: $orderId, checkoutToken: $checkoutToken, provider: $provider) {
      provider
      paymentId
      clientSecret
      publishableKey
      amountCents
      currency
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Sandbox only: "charges" a test card. */
export const CONFIRM_SANDBOX_PAYMENT_MUTATION = graphql(`
  mutation ConfirmSandboxPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $cardNumber: String!) {
    confirmSandboxPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, cardNumber: $cardNumber) {
      succeeded
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The server asks the provider itself before it marks the order Paid; repeating it is harmless. */
export const RECORD_PAYMENT_MUTATION = graphql(`
  mutation RecordPayment($orderId: ID!, $checkoutToken: String!, $paymentId: String!, $provider: PaymentProviderName) {
    recordPayment(orderId: $orderId, checkoutToken: $checkoutToken, paymentId: $paymentId, provider: $provider) {
      order {
        id
        status
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/**
 * What a discount code, or a book added or taken out, changes on the checkout: the cache takes it,
 * and the summary and payment follow.
 */
export const CHECKOUT_ORDER_PRICE_FIELDS = graphql(`
  fragment CheckoutOrderPrice on CheckoutOrder {
    id
    amountCents
    listPriceCents
    totalCents
    familyDiscountCents
    discount {
      code
      amountCents
    }
    books {
      id
      title
      childName
      listPriceCents
      amountCents
      added
    }
  }
`);

/** Takes a book the parent added out of the checkout: the answer is the checkout as it now stands. */
export const REMOVE_CHECKOUT_BOOK_MUTATION = graphql(`
  mutation RemoveCheckoutBook($orderId: ID!, $checkoutToken: String!, $bookId: ID!) {
    removeCheckoutBook(orderId: $orderId, checkoutToken: $checkoutToken, bookId: $bookId) {
      order {
        ...CheckoutOrderPrice
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** A discount code on the order: the answer is the order with its new amount, which the cache takes. */
export const APPLY_DISCOUNT_CODE_MUTATION = graphql(`
  mutation ApplyDiscountCode($orderId: ID!, $checkoutToken: String!, $code: String!) {
    applyDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken, code: $code) {
      order {
        ...CheckoutOrderPrice
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Takes the code off: the book's full price again. */
export const REMOVE_DISCOUNT_CODE_MUTATION = graphql(`
  mutation RemoveDiscountCode($orderId: ID!, $checkoutToken: String!) {
    removeDiscountCode(orderId: $orderId, checkoutToken: $checkoutToken) {
      order {
        ...CheckoutOrderPrice
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The payment page without this tab's token: the order's link, e-mailed to the address on it. */
export const REQUEST_ORDER_LINKS_FOR_ORDER_MUTATION = graphql(`
  mutation RequestOrderLinksForOrder($orderId: ID!) {
    requestOrderLinksForOrder(orderId: $orderId) {
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
