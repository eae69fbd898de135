import { graphql } from '../../gql';

/** Everything the parent's order page shows; the same fields come back from its mutations. */
export const ORDER_PAGE_FIELDS = graphql(`
  fragment OrderPageFields on OrderPage {
    id
    reference
    status
    childName
    childAge
    moral
    storyIdea
    dedication
    giftMessage
    giftDelivery {
      date
      sendAt
      emailedAt
      canChange
    }
    bookFormat
    bookStyle
    title
    email
    shippingAddress {
      fullName
      streetAddress
      addressLine2
      city
      state
      zipCode
      country
      phone
    }
    amountCents
    currency
    shippingIncluded
    createdAt
    photoUrl
    timeline {
      at
      title
      detail
    }
    delivery {
      version
      deliveredAt
      watchUrl
      videoDownloadUrl
      pdfUrl
      pdfReadUrl
      contentType
    }
    shipment {
      carrier
      trackingNumber
      trackingUrl
      shippedAt
    }
    refunds {
      amountCents
      refundedAt
      reason
    }
    canRequestChange
    changeRequestDeadline
    changeRequests {
      message
      requestedAt
    }
    childDataDeleted
    canPay
    proof {
      version
      status
      sentAt
      answeredAt
      changesAsked
      approvedOnBehalf
      bytes
      url
      firstPage {
        url
        width
        height
      }
      firstPageSize {
        width
        height
      }
    }
    canAnswerProof
    changes {
      open
      until
      whyNot
    }
    receiptUrl
  }
`);

/** The order behind a private link (null when the link is unknown or revoked), and the catalogue's labels and limits. */
export const ORDER_PAGE_QUERY = graphql(`
  query OrderPage($token: String!) {
    orderPage(token: $token) {
      ...OrderPageFields
    }
    catalogue {
      lifeLessons {
        value
        label
      }
      bookStyles {
        value
        label
      }
      limits {
        changeRequestMaxLength
        childNameMaxLength
        minChildAge
        maxChildAge
        dedicationMaxLength
        giftDeliveryMaxDays
      }
      shippingCountries
      shippingDestinations {
        ...ShippingDestinationFields
      }
    }
  }
`);

/** Find my order: e-mails the address its orders' links; the answer never says whether there were any. */
export const REQUEST_ORDER_LINKS_MUTATION = graphql(`
  mutation RequestOrderLinks($email: String!) {
    requestOrderLinks(email: $email) {
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const REQUEST_ORDER_CHANGE_MUTATION = graphql(`
  mutation RequestOrderChange($token: String!, $message: String!) {
    requestOrderChange(token: $token, message: $message) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const APPROVE_PROOF_MUTATION = graphql(`
  mutation ApproveProof($token: String!, $version: Int!) {
    approveProof(token: $token, version: $version) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const REQUEST_PROOF_CHANGES_MUTATION = graphql(`
  mutation RequestProofChanges($token: String!, $version: Int!, $message: String!) {
    requestProofChanges(token: $token, version: $version, message: $message) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const DELETE_CHILD_DATA_MUTATION = graphql(`
  mutation DeleteChildData($token: String!) {
    deleteChildData(token: $token) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Corrects a paid book's details while nobody has started on it (OrderPage.changes). */
export const CORRECT_PAID_ORDER_MUTATION = graphql(`
  mutation CorrectPaidOrder($token: String!, $input: PaidOrderChangesInput!) {
    correctPaidOrder(token: $token, input: $input) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Cancels a paid book with the whole of its price refunded, while nobody has started on it. */
export const CANCEL_PAID_ORDER_MUTATION = graphql(`
  mutation CancelPaidOrder($token: String!) {
    cancelPaidOrder(token: $token) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Sets (or with a null date clears) the day a digital book's e-mail waits for. */
export const CHANGE_GIFT_DELIVERY_DATE_MUTATION = graphql(`
  mutation ChangeGiftDeliveryDate($token: String!, $date: String, $timeZone: String) {
    changeGiftDeliveryDate(token: $token, date: $date, timeZone: $timeZone) {
      order {
        ...OrderPageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Revokes every link to the order and returns the new one. */
export const RENEW_ORDER_LINK_MUTATION = graphql(`
  mutation RenewOrderLink($token: String!) {
    renewOrderLink(token: $token) {
      token
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** A paid order's receipt, by its own link (/receipt/{orderId}/{signature}). */
export const RECEIPT_QUERY = graphql(`
  query Receipt($orderId: ID!, $signature: String!) {
    receipt(orderId: $orderId, signature: $signature) {
      number
      paidAt
      shopName
      shopAddress
      billedTo
      lines {
        description
        amountCents
      }
      totalCents
      currency
      paidWith
      refundedCents
      refunds {
        amountCents
        refundedAt
      }
    }
  }
`);
