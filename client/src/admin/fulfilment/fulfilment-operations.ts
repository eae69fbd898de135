import { graphql } from '../../gql';

/**
 * What the panel's fulfilment section reads: the shipment, the closing dates, the extra charges to
 * refund, and the refunds with their status at the payment provider.
 */
export const ORDER_FULFILMENT_FIELDS = graphql(`
  fragment OrderFulfilment on Order {
    id
    status
    bookFormat
    email
    amountCents
    refundableCents
    currency
    shippingCarrier
    trackingNumber
    trackingUrl
    shippedAt
    cancelledAt
    refundedAt
    paymentAlerts {
      paymentId
      amountCents
      reason
      createdAt
    }
    refunds {
      amountCents
      status
      failureReason
      createdAt
    }
  }
`);

export const SHIP_ORDER_MUTATION = graphql(`
  mutation ShipOrder($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
    shipOrder(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const REFUND_ORDER_MUTATION = graphql(`
  mutation RefundOrder($orderId: ID!, $reason: String!, $amountCents: Int) {
    refundOrder(orderId: $orderId, reason: $reason, amountCents: $amountCents) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const REFUND_EXTRA_CHARGE_MUTATION = graphql(`
  mutation RefundExtraCharge($orderId: ID!, $paymentId: String!) {
    refundExtraCharge(orderId: $orderId, paymentId: $paymentId) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const CANCEL_ORDER_MUTATION = graphql(`
  mutation CancelOrder($orderId: ID!) {
    cancelOrder(orderId: $orderId) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const CORRECT_TRACKING_MUTATION = graphql(`
  mutation CorrectTracking($orderId: ID!, $carrier: String!, $trackingNumber: String!) {
    correctTracking(orderId: $orderId, carrier: $carrier, trackingNumber: $trackingNumber) {
      order {
        ...OrderDetail
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
