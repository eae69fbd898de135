import { graphql } from '../../gql';

/** Everything the detail panel shows about an order: what the parent entered, payment, history, e-mails. */
export const ORDER_DETAIL_FIELDS = graphql(`
  fragment OrderDetail on Order {
    ...OrderRow
    childAge
    storyIdea
    dedication
    giftMessage
    giftDeliveryDate
    giftSendAt
    childDataDeletedAt
    bookStyle
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
    discount {
      code
      amountCents
    }
    checkoutBooks {
      id
      reference
      childName
      status
      amountCents
      first
    }
    paymentProvider
    paymentId
    updatedAt
    paidAt
    completedAt
    ...OrderFulfilment
    ...OrderStudio
    events {
      id
      type
      fromStatus
      toStatus
      actor
      createdAt
    }
    emails {
      id
      template
      toAddress
      subject
      status
      attempts
      lastError
      createdAt
      notBefore
      sentAt
      text
    }
  }
`);

export const ORDER_DETAIL_QUERY = graphql(`
  query AdminOrderDetail($id: ID!) {
    order(id: $id) {
      ...OrderDetail
    }
  }
`);
