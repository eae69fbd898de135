import { graphql } from '../../gql';

/** Queues the delivery e-mail again, with the order's link; the order's e-mails come back with it. */
export const RESEND_DELIVERY_EMAIL_MUTATION = graphql(`
  mutation ResendDeliveryEmail($orderId: ID!) {
    resendDeliveryEmail(orderId: $orderId) {
      order {
        ...OrderDetail
      }
      userErrors {
        field
        message
      }
    }
  }
`);
